#!/bin/sh
# smoke.sh: checks that every adapter of adapters.txt is wired up, from the
# repository root (make report-rust runs it after cargo build):
#   - each crate=version of its line is the version Cargo.lock pins, and its
#     --describe line and its handshake in the persistent form (--serve,
#     which the report runs) name the name, version, formats and claims its
#     line gives it, so the list cannot drift from Cargo.lock;
#   - on shared captures of each of its formats (one in JSON lines, which the
#     adapters write back as server-sent events) it answers, with the
#     request's seq and no error, as many calls as toolspec reassemble
#     finds, all finished, as toolspec's are.
# The captures are ones every library here reads whole; what a library gets
# wrong is for the kit to find, not for this script. It needs jq.
set -eu
cd "$(dirname "$0")/../.."
CAPTURES=${CAPTURES:-../shared/captures}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/toolspec" ./cmd/toolspec

captures() {
	case $1 in
	openai-chat) echo openai-chat/openai-gpt-4o-2calls.sse openai-chat/azure-gpt-5-mini-tool-prompt-filter.sse openai-chat/qwen3-max-empty-id-continuations.jsonl ;;
	*) echo "smoke.sh: no captures for format $1" >&2; exit 1 ;;
	esac
}

# summary prints "N calls, M complete" for the answer or outcome on its
# standard input, or what is wrong with it.
summary() {
	jq -r 'if type != "object" or (.calls | type) != "array" then "no calls list"
		elif (.error // "") != "" then "error: \(.error)"
		elif ((.violations // []) | length) > 0 then "violations: \(.violations | tostring | .[:300])"
		elif any(.calls[]; (.id | type) != "string" or (.name | type) != "string" or (.arguments | type) != "string") then "a call whose id, name or arguments is not a string"
		else "\(.calls | length) calls, \([.calls[] | select(.status == "complete" or .finished == true)] | length) complete" end'
}

trim() { echo "$1" | sed 's/^ *//; s/ *$//'; }

pass=0
fail=0
n=0
ok() { echo "  ok $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1"; fail=$((fail + 1)); }
while IFS='|' read -r name version formats claims command; do
	case $name in '' | '#'*) continue ;; esac
	name=$(trim "$name")
	version=$(trim "$version")
	formats=$(trim "$formats")
	claims=$(trim "$claims")
	command=$(trim "$command")
	n=$((n + 1))
	echo "== $name ($command)"
	for pin in $version; do
		crate=${pin%%=*}
		locked=$(awk -v c="$crate" '$0 == "name = \"" c "\"" { getline; gsub(/version = |"/, ""); print; exit }' report/rust/Cargo.lock)
		if [ "$crate=$locked" = "$pin" ]; then ok "$pin is Cargo.lock's"; else bad "$pin: Cargo.lock pins $crate=$locked"; fi
	done
	want=$(jq -cn --arg name "$name" --arg version "$version" --arg formats "$formats" --arg claims "$claims" \
		'{name: $name, version: $version, formats: ($formats | split(",")), claims: ($claims | split(",") | map(select(. != "-")))}')
	got=$(sh -c "$command --describe" </dev/null | jq -c '{name, version, formats, claims}')
	if [ "$got" = "$want" ]; then ok "--describe"; else bad "--describe says $got, adapters.txt $want"; fi

	# The persistent form: the handshake, one request per capture, stop.
	echo '{"cmd":"start","version":1}' >"$tmp/requests"
	seq=0
	for format in $(echo "$formats" | tr ',' ' '); do
		for capture in $(captures "$format"); do
			seq=$((seq + 1))
			printf '{"cmd":"run","seq":%d,"format":"%s","stream":"%s","limits":{}}\n' \
				"$seq" "$format" "$(base64 -w0 <"$CAPTURES/$capture")" >>"$tmp/requests"
		done
	done
	echo '{"cmd":"stop"}' >>"$tmp/requests"
	sh -c "$command --serve" <"$tmp/requests" >"$tmp/answers" 2>"$tmp/stderr" || true
	got=$(sed -n 1p "$tmp/answers" | jq -c 'select(.version == 1) | .adapter | {name, version, formats, claims}' 2>/dev/null || true)
	if [ "$got" = "$want" ]; then ok "the handshake"; else bad "the handshake says $(sed -n 1p "$tmp/answers"), adapters.txt $want"; fi
	seq=0
	for format in $(echo "$formats" | tr ',' ' '); do
		for capture in $(captures "$format"); do
			seq=$((seq + 1))
			want_s=$("$tmp/toolspec" reassemble --format "$format" "$CAPTURES/$capture" | summary)
			case $want_s in *calls,*complete) ;; *)
				bad "$capture: toolspec reassemble does not read it whole ($want_s): pick another capture"
				continue ;;
			esac
			answer=$(sed -n "$((seq + 1))p" "$tmp/answers")
			if [ "$(echo "$answer" | jq '.seq' 2>/dev/null)" != "$seq" ]; then
				bad "$capture ($format): answer $(echo "$answer" | cut -c1-300), want seq $seq"
				sed 's/^/    stderr: /' "$tmp/stderr" | head -n 5
				continue
			fi
			got_s=$(echo "$answer" | summary)
			if [ "$got_s" = "$want_s" ]; then ok "$capture: $got_s"; else bad "$capture ($format): $got_s, toolspec reassemble: $want_s"; fi
		done
	done
done <report/rust/adapters.txt
if [ "$n" -eq 0 ]; then
	echo "smoke.sh: no adapters in adapters.txt"
	exit 1
fi
echo "$n adapters"
echo "smoke: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
