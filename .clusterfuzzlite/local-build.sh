#!/bin/bash -eu
# make cflite-build: runs .clusterfuzzlite/build.sh as the OSS-Fuzz Go
# builder image runs it, without Docker or the image, then runs every
# fuzzer it built: on its seed corpus alone, then fuzzing for
# CFLITE_SECONDS (default 10) seconds. It fails when build.sh fails, when a
# build_target line makes no binary, or when a fuzzer crashes.
#
# What stands in for the image: a scratch copy of the repository's files
# as $SRC/toolspec (tracked and untracked, not ignored; no .git), an empty
# $OUT, SANITIZER=address, the compile_native_go_fuzzer of
# .clusterfuzzlite/local/ (the helper's libFuzzer build, step by step), and
# clang with libFuzzer and AddressSanitizer: CXX (default: clang++, else
# the newest clang++-N on PATH), CXXFLAGS (default: -fsanitize=address
# -fsanitize-address-use-after-scope -fsanitize=fuzzer-no-link) and
# LIB_FUZZING_ENGINE (default: -fsanitize=fuzzer). On Debian 12 the
# packages clang-19 libfuzzer-19-dev libclang-rt-19-dev give them. build.sh
# fetches go-118-fuzz-build through the Go module proxy. The work
# directory (CFLITE_WORK, default a new temporary one) is kept, with each
# fuzzer's log in $CFLITE_WORK/logs.
root=$(cd "$(dirname "$0")/.." && pwd)
seconds=${CFLITE_SECONDS:-10}

if [ -z "${CXX:-}" ]; then
	if command -v clang++ >/dev/null; then
		CXX=clang++
	else
		CXX=$(compgen -c clang++- | grep -E '^clang\+\+-[0-9]+$' | sort -t- -k2 -n | tail -n 1 || true)
	fi
fi
if [ -z "$CXX" ] || ! command -v "$CXX" >/dev/null; then
	echo "local-build.sh: no clang++ (set CXX; on Debian: apt-get install clang-19 libfuzzer-19-dev libclang-rt-19-dev)" >&2
	exit 1
fi
export CXX
export CXXFLAGS=${CXXFLAGS:--fsanitize=address -fsanitize-address-use-after-scope -fsanitize=fuzzer-no-link}
export LIB_FUZZING_ENGINE=${LIB_FUZZING_ENGINE:--fsanitize=fuzzer}
export SANITIZER=address

work=${CFLITE_WORK:-$(mktemp -d)}
export SRC=$work/src OUT=$work/out
rm -rf "$SRC" "$OUT" "$work/logs"
mkdir -p "$SRC/toolspec" "$OUT" "$work/logs"
(cd "$root" && git ls-files -z --cached --others --exclude-standard |
	while IFS= read -r -d '' f; do [ -f "$f" ] && printf '%s\0' "$f"; done |
	xargs -0 cp --parents -t "$SRC/toolspec")
gobin=$(go env GOBIN)
export PATH="$root/.clusterfuzzlite/local:${gobin:-$(go env GOPATH)/bin}:$PATH"
echo "local-build.sh: building in $work with $CXX"
bash "$root/.clusterfuzzlite/build.sh"

lines=$(grep -c '^build_target ' "$root/.clusterfuzzlite/build.sh")
fuzzers=()
for f in "$OUT"/*; do
	if [ -f "$f" ] && [ -x "$f" ]; then
		fuzzers+=("$f")
	fi
done
if [ ${#fuzzers[@]} -ne "$lines" ]; then
	echo "local-build.sh: $lines build_target lines, ${#fuzzers[@]} fuzzers in $OUT" >&2
	exit 1
fi

# The fuzzers run from the work directory, where crash inputs go too
# (artifacts/), as the engine runs them away from the sources.
cd "$work"
mkdir -p artifacts
failed=0
for f in "${fuzzers[@]}"; do
	name=$(basename "$f")
	corpus=$work/corpus/$name
	rm -rf "$corpus"
	mkdir -p "$corpus"
	if [ -f "$OUT/${name}_seed_corpus.zip" ]; then
		unzip -q "$OUT/${name}_seed_corpus.zip" -d "$corpus"
	fi
	seeds=$(find "$corpus" -type f | wc -l)
	log=$work/logs/$name.log
	if ! "$f" -runs=0 -artifact_prefix="artifacts/$name-" "$corpus" >"$log" 2>&1 ||
		! "$f" -max_total_time="$seconds" -timeout=25 -artifact_prefix="artifacts/$name-" "$corpus" >>"$log" 2>&1; then
		echo "FAIL  $name (log: $log)"
		grep -v '^#\|^INFO' "$log" | head -n 20
		failed=1
		continue
	fi
	runs=$(grep -o 'Done [0-9]* runs in [0-9]* second' "$log" | tail -n 1)
	echo "ok    $name: $seeds seeds; fuzzed: $runs(s)"
done
if [ "$failed" -ne 0 ]; then
	exit 1
fi
echo "local-build.sh: ${#fuzzers[@]} fuzzers built and run"
