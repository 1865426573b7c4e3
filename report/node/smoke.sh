#!/bin/sh
# smoke.sh: checks that every adapter of adapters.txt is wired up, from the
# repository root (make report-node runs it after npm ci):
#   - its --describe line, and its handshake in the persistent form
#     (--serve, which the report runs), name the name, versions, formats
#     and claims that adapters.txt gives it, so the file cannot drift from
#     the lockfile;
#   - on three shared captures of its format (one of them in JSON lines,
#     which the adapters write back as server-sent events, or as Bedrock's
#     event-stream; Ollama's own framing is JSON lines) it prints one
#     JSON answer, with no error, whose calls are as many as toolspec
#     reassemble finds and all finished, as toolspec's are, in the one-shot
#     form and, all three to one process, in the persistent form.
# The captures are ones every library here reads whole; what a library gets
# wrong is for the kit to find, not for this script.
set -eu
cd "$(dirname "$0")/../.."
CAPTURES=${CAPTURES:-../shared/captures}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/toolspec" ./cmd/toolspec

captures() {
	case $1 in
	openai-chat) echo openai-chat/openai-gpt-4o-2calls.sse openai-chat/azure-gpt-5-mini-tool-prompt-filter.sse openai-chat/qwen3-max-empty-id-continuations.jsonl ;;
	anthropic) echo anthropic/claude-sonnet-4-text-2tools-padded.sse anthropic/claude-sonnet-4-thinking-tool.sse anthropic/claude-sonnet-4-5-tool-no-args.jsonl ;;
	openai-responses) echo openai-responses/openai-gpt-4o-2calls.sse openai-responses/openai-gpt-5-reasoning-2calls.sse openai-responses/azure-tool-call-obfuscation.jsonl ;;
	gemini) echo gemini/gemini-2.5-pro-2calls-separate-chunks.sse gemini/gemini-3-pro-2calls-with-ids.sse gemini/gemini-2.5-flash-thought-then-call.sse ;;
	ollama) echo ollama/qwen3-14b-2calls-index-omitted-no-ids.ndjson ollama/gpt-oss-thinking-then-content.ndjson ollama/qwen3-14b-answer-only-in-done-chunk.ndjson ;;
	bedrock) echo bedrock/nova-micro-text-then-tool.eventstream bedrock/claude-sonnet-4-reasoning-signature.eventstream bedrock/claude-reasoning-decoded.jsonl ;;
	*) echo "smoke.sh: no captures for format $1" >&2; exit 1 ;;
	esac
}

# summary FILE prints "N calls, M complete" for an answer or an outcome, or
# fails naming what is wrong with it.
summary() {
	node -e '
		const fs = require("fs");
		const text = fs.readFileSync(process.argv[1], "utf8");
		let a;
		try { a = JSON.parse(text); } catch (e) { console.error("not one JSON object: " + e.message + ": " + text.slice(0, 300)); process.exit(1); }
		if (a === null || typeof a !== "object" || !Array.isArray(a.calls)) { console.error("no calls list: " + text.slice(0, 300)); process.exit(1); }
		if (a.error) { console.error("error: " + a.error); process.exit(1); }
		if (Array.isArray(a.violations) && a.violations.length > 0) { console.error("violations: " + JSON.stringify(a.violations).slice(0, 300)); process.exit(1); }
		for (const [i, c] of a.calls.entries()) {
			for (const k of ["id", "name", "arguments"]) {
				if (typeof c[k] !== "string") { console.error("calls[" + i + "]." + k + " is not a string"); process.exit(1); }
			}
		}
		const done = a.calls.filter((c) => c.status === "complete" || c.finished === true).length;
		console.log(a.calls.length + " calls, " + done + " complete");
	' "$1"
}

pass=0
fail=0
n=0
while IFS='|' read -r name version formats claims command; do
	case $name in '' | '#'*) continue ;; esac
	name=$(echo "$name" | sed 's/^ *//; s/ *$//')
	version=$(echo "$version" | sed 's/^ *//; s/ *$//')
	formats=$(echo "$formats" | sed 's/^ *//; s/ *$//')
	claims=$(echo "$claims" | sed 's/^ *//; s/ *$//')
	command=$(echo "$command" | sed 's/^ *//; s/ *$//')
	n=$((n + 1))
	echo "== $name ($command)"
	sh -c "$command --describe" </dev/null >"$tmp/describe.json"
	if node -e '
		const d = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
		const want = { name: process.argv[2], version: process.argv[3], formats: process.argv[4], claims: process.argv[5] };
		const got = { name: d.name, version: d.version, formats: d.formats.join(","), claims: d.claims.join(",") };
		for (const k of Object.keys(want)) {
			if (got[k] !== want[k]) { console.error("--describe says " + k + " " + JSON.stringify(got[k]) + ", adapters.txt " + JSON.stringify(want[k])); process.exit(1); }
		}
	' "$tmp/describe.json" "$name" "$version" "$formats" "$claims"; then
		echo "  ok --describe"
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
	fi
	# The persistent form's requests: the handshake, then one run a capture.
	echo '{"cmd":"start","version":1}' >"$tmp/serve.in"
	: >"$tmp/serve.want"
	seq=0
	for format in $(echo "$formats" | tr ',' ' '); do
		for capture in $(captures "$format"); do
			file=$CAPTURES/$capture
			"$tmp/toolspec" reassemble --format "$format" "$file" >"$tmp/want.json" || true
			if ! want=$(summary "$tmp/want.json" 2>&1); then
				echo "FAIL $capture: toolspec reassemble does not read it whole ($want): pick another capture"
				fail=$((fail + 1))
				continue
			fi
			if ! TOOLSPEC_FORMAT=$format TOOLSPEC_LIMITS='{}' sh -c "$command" <"$file" >"$tmp/got.json" 2>"$tmp/stderr"; then
				echo "  $capture: the adapter exited non-zero (not judged)"
			fi
			if ! got=$(summary "$tmp/got.json" 2>&1); then
				echo "FAIL $capture: $got"
				sed 's/^/    stderr: /' "$tmp/stderr" | head -n 5
				fail=$((fail + 1))
			elif [ "$got" != "$want" ]; then
				echo "FAIL $capture: $got, toolspec reassemble: $want"
				fail=$((fail + 1))
			else
				echo "  ok $capture: $got"
				pass=$((pass + 1))
			fi
			seq=$((seq + 1))
			node -e 'process.stdout.write(JSON.stringify({cmd: "run", seq: +process.argv[1], format: process.argv[2],
				stream: require("fs").readFileSync(process.argv[3]).toString("base64"), limits: {}}) + "\n")' \
				"$seq" "$format" "$file" >>"$tmp/serve.in"
			echo "$capture	$want" >>"$tmp/serve.want"
		done
	done
	echo '{"cmd":"stop"}' >>"$tmp/serve.in"
	sh -c "$command --serve" <"$tmp/serve.in" >"$tmp/serve.out" 2>"$tmp/stderr" || true
	if node -e '
		const d = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8").split("\n")[0] || "null")?.adapter ?? {};
		const want = { name: process.argv[2], version: process.argv[3], formats: process.argv[4], claims: process.argv[5] };
		const got = { name: d.name, version: d.version, formats: (d.formats ?? []).join(","), claims: (d.claims ?? []).join(",") };
		for (const k of Object.keys(want)) {
			if (got[k] !== want[k]) { console.error("the handshake says " + k + " " + JSON.stringify(got[k]) + ", adapters.txt " + JSON.stringify(want[k])); process.exit(1); }
		}
	' "$tmp/serve.out" "$name" "$version" "$formats" "$claims"; then
		echo "  ok the handshake"
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
	fi
	k=1
	while IFS='	' read -r capture want; do
		k=$((k + 1))
		sed -n "${k}p" "$tmp/serve.out" >"$tmp/got.json"
		if ! node -e '
			const a = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
			if (a.seq !== +process.argv[2]) { console.error("seq " + a.seq + ", want " + process.argv[2]); process.exit(1); }
		' "$tmp/got.json" "$((k - 1))" 2>"$tmp/seq"; then
			echo "FAIL --serve $capture: $(cat "$tmp/seq")"
			sed 's/^/    stderr: /' "$tmp/stderr" | head -n 5
			fail=$((fail + 1))
		elif ! got=$(summary "$tmp/got.json" 2>&1); then
			echo "FAIL --serve $capture: $got"
			fail=$((fail + 1))
		elif [ "$got" != "$want" ]; then
			echo "FAIL --serve $capture: $got, toolspec reassemble: $want"
			fail=$((fail + 1))
		else
			echo "  ok --serve $capture: $got"
			pass=$((pass + 1))
		fi
	done <"$tmp/serve.want"
done <report/node/adapters.txt
if [ "$n" -eq 0 ]; then
	echo "smoke.sh: no adapters in adapters.txt"
	exit 1
fi
echo "$n adapters"
echo "smoke: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
