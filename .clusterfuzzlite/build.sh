#!/bin/bash -eu
# ClusterFuzzLite / OSS-Fuzz build of the module's native Go fuzz targets.
# Runs in the image of .clusterfuzzlite/Dockerfile, in $SRC/toolspec, with
# $OUT, $SANITIZER and the compile_native_go_fuzzer helper set up by it.
#
# Every native fuzz target of the module (go test -list '^Fuzz' ./...) is on
# one line below, "build_target DIR FuzzX", which builds it as
# $OUT/<package>_FuzzX. make cflite-check (go run ./internal/cflitecheck)
# fails when a target is on no line, a line names no target, or a target
# is one that compile_native_go_fuzzer would skip or fail on; a target may
# not be left out ("# not-built" lines are refused). make cflite-build runs
# this script locally as the builder image would and runs every fuzzer on
# its seeds.

cd "$SRC/toolspec"

# compile_native_go_fuzzer builds with go-118-fuzz-build, whose harness
# replaces the testing package of the target's file by its own; the module
# must require that package. Both are pinned to the version this file was
# checked with (make cflite-check models it; make cflite-build runs it on
# every target below). go install puts the pinned tool first on PATH.
GO118FUZZBUILD=v0.0.0-20250520111509-a70c2aa677fa
go install "github.com/AdamKorcz/go-118-fuzz-build@$GO118FUZZBUILD"
go get "github.com/AdamKorcz/go-118-fuzz-build/testing@$GO118FUZZBUILD"

# Seed corpora: the engine reads libFuzzer inputs, not Go's "go test fuzz v1"
# files, so each testdata/fuzz/<FuzzX> file of a built target is converted
# to the bytes the harness decodes into the same arguments and packed as
# $OUT/<fuzzer>_seed_corpus.zip.
go run ./internal/cflitecheck -seeds "$OUT"

# build_target DIR FUNC builds one target and fails the build when the
# helper produced no binary (it skips a target it cannot find, with exit 0).
build_target() {
	local dir=$1 func=$2 pkg name
	pkg=$(go list -f '{{.ImportPath}}' "$dir")
	name="$(go list -f '{{.Name}}' "$dir")_$func"
	compile_native_go_fuzzer "$pkg" "$func" "$name"
	if [ ! -f "$OUT/$name" ]; then
		echo "build.sh: compile_native_go_fuzzer $pkg $func $name made no $OUT/$name" >&2
		exit 1
	fi
}

# What makes a target buildable: compile_native_go_fuzzer greps the
# package's directory (and every directory below it) for the name and wants
# exactly one line with "func FuzzX" and "testing.F", and the name in one
# file only; go-118-fuzz-build then compiles that file alone, turned into a
# non-test file of the package with its testing package replaced by the
# engine's, and calls the function given to f.Fuzz through reflection with
# the engine's *testing.T. So each target's file needs nothing of the other
# test files, no target's name begins another's in its directory, the root
# package's target lives in internal/rootfuzz, and rapid properties run
# through internal/rapidfuzz, not rapid.MakeFuzz.
build_target ./internal/rootfuzz FuzzDetect
build_target ./fuzz FuzzWire
build_target ./fuzz FuzzSmallLimits
build_target ./fuzz FuzzChunking
build_target ./fuzz FuzzNoPanic
build_target ./fuzz FuzzGenValid
build_target ./fuzz FuzzGenMutated
build_target ./fuzz FuzzGenShapes
build_target ./fuzz FuzzEvents
build_target ./fuzz FuzzGenOutcomeJSON
build_target ./fuzz FuzzOutcomeJSON
build_target ./fuzz FuzzHistoryModelImpl
build_target ./impl FuzzAnthropicFastDelta
build_target ./impl FuzzChatFastChoices
build_target ./impl FuzzChatSequence
build_target ./impl FuzzImplDecodeAnthropic
build_target ./impl FuzzImplDecodeBedrock
build_target ./impl FuzzImplDecodeGemini
build_target ./impl FuzzImplDecodeOllama
build_target ./impl FuzzImplDecodeOpenAIChat
build_target ./impl FuzzImplDecodeOpenAIResponses
build_target ./impl FuzzJSON
build_target ./impl FuzzIndexResume
build_target ./impl FuzzIsCut
build_target ./impl FuzzArgsProblem
build_target ./model FuzzFramingChunking
build_target ./model FuzzAnthropicDecode
build_target ./model FuzzBedrockDecode
build_target ./model FuzzGeminiDecode
build_target ./model FuzzOllamaDecode
build_target ./model FuzzOpenAIChatDecode
build_target ./model FuzzOpenAIResponsesDecode
build_target ./model/history FuzzHistoryDecode
build_target ./model/history FuzzHistoryRoundTrip
build_target ./spectest FuzzToolspec
