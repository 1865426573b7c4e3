# toolspec: common tasks. Only Go is required; staticcheck is fetched
# through the Go module proxy at a pinned version.
GO ?= go
STATICCHECK ?= honnef.co/go/tools/cmd/staticcheck@v0.8.2

.PHONY: test test-invariants test-short bridge check fmt-check vet staticcheck imports cflite-check cflite-build update-golden cover bench oldest-go check-python report report-check

# test runs the root module's suite, the bridges' and the example adapter
# in Python. go test's JSON goes through internal/testsum, which prints
# what go test prints without -v and counts, in one line, the tests
# skipped because the shared captures (../shared/captures) are absent;
# with TOOLSPEC_CAPTURES=required, as CI sets it, those tests fail.
test:
	$(GO) test -json ./... | $(GO) run ./internal/testsum
	$(MAKE) --no-print-directory bridge
	$(MAKE) --no-print-directory check-python

# test-invariants runs the root module's whole suite built with the tag
# invariants (impl/invariants.go): wherever one of impl's shortcuts is taken
# (jsonIndex's replay and resume, the lookup memo, the index's skips, the
# chat and Anthropic fast paths and the chat memo, short integers) the
# general path runs as well and a difference panics, about one use in ten
# is bypassed for the general path, and the bytes OnOutput lends are
# overwritten after each callback. The normal build compiles the checks
# away. The inv-* mutants (tags: invariants) must be killed by these checks.
# It runs in short mode, which leaves out what the shortcuts add nothing
# to: the 1 MiB workloads (the same shapes as their smaller twins, which
# run), the allocation bounds (the checks allocate) and the tests that run
# the go command (go test -fuzz, builds of scratch modules).
# Only the packages the tag changes run: those with files built for it
# and those whose tests link one of them. The others are the same build
# as make test's, which has run them.
INVARIANTS_PKGS = $$(a=$$(mktemp); b=$$(mktemp); \
	$(GO) list -f '{{.ImportPath}} {{.GoFiles}}' ./... >$$a; \
	$(GO) list -tags invariants -f '{{.ImportPath}} {{.GoFiles}}' ./... >$$b; \
	tagged=$$(diff $$a $$b | sed -n 's/^> \([^ ]*\) .*/\1/p' | tr '\n' '|' | sed 's/|$$//'); rm -f $$a $$b; \
	$(GO) list -test -tags invariants -f '{{.ImportPath}}{{range .Deps}} {{.}}{{end}}' ./... | \
	grep -E "^($$tagged)( |\$$)| ($$tagged)( |\$$)" | sed 's/ .*//' | grep -v '\.test$$' | sed 's/_test$$//' | sort -u)
test-invariants:
	$(GO) test -short -tags invariants $(INVARIANTS_PKGS)

.PHONY: test-race
# test-race runs, with the race detector, the short suites of the packages
# whose code starts goroutines or is used from several: spectest (the kit
# runs cases, adapter processes and their timeouts concurrently, for
# toolspec-kit check too), the root (the Events iterator) and tee (a body read,
# closed and asked for its outcome from several goroutines, the event
# function called from any of them). The command's own goroutine is the
# progress counter it shows on a terminal, which no test reaches; its tests
# run hundreds of adapter processes, each a race-instrumented binary, for
# many minutes, and find nothing spectest's do not. It needs cgo (a C
# compiler).
RACE_PKGS ?= . ./spectest ./tee
test-race:
	$(GO) test -race -short $(RACE_PKGS)

# bridge vets and tests the nested module bridge (the client bridges
# openaichat, openairesp, goopenai, anthropicmsg, geminigen, bedrockconv and
# ollamaapi), which alone requires openai-go, go-openai, anthropic-sdk-go,
# genai, the AWS SDK's bedrockruntime and Ollama's api package, fetched
# through the module proxy; the root module's ./... does not descend into
# it.
bridge:
	cd bridge && $(GO) vet ./... && $(GO) test -json ./... | $(GO) -C .. run ./internal/testsum

# check-python builds the kit's command (toolspec-kit) and runs the
# conformance kit on the example adapter in Python (examples/python, python3 from PATH), which
# must fail exactly the cases its known-failures file lists.
check-python:
	@bin=$$(mktemp -d); trap 'rm -rf "$$bin"' EXIT; \
	$(GO) build -o "$$bin/toolspec-kit" ./cmd/toolspec-kit && \
	"$$bin/toolspec-kit" check --adapter 'python3 examples/python/adapter.py' --format openai-chat --claim stop-reason --random 50 --random-failures 1 --seed 1 --expect examples/python/expected-failures.txt

test-short:
	$(GO) test -short ./...

check: fmt-check vet staticcheck imports cflite-check report-check

# fmt-check: every .go file of the repository, nested modules (bridge,
# thirdparty, report) included, found with find rather than go list, which
# would fetch the nested modules' dependencies; node_modules and hidden
# directories are left out.
fmt-check:
	@out=$$(find . \( -name node_modules -o -name '.?*' \) -prune -o -name '*.go' -print | xargs gofmt -l | sort -u); \
	if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi

# vet and staticcheck also check the nested module bridge. The nested
# module thirdparty (all tests and benchmarks) has its own target,
# thirdparty-check, outside check: compiling genai, the AWS SDK's
# bedrockruntime and Ollama's api package from a cold build cache takes
# minutes, which CI spends once, on make requests (the request proof,
# thirdparty's Request tests), not on vetting benchmarks.
vet:
	$(GO) vet ./...
	cd bridge && $(GO) vet ./...

staticcheck:
	$(GO) run $(STATICCHECK) ./...
	cd bridge && $(GO) run $(STATICCHECK) ./...

.PHONY: requests
# requests runs, in the nested module thirdparty, the proof against the
# providers' own request types (its Request tests only, no benchmark):
# every body the history encoders write, for the history scenarios and
# for random histories, decodes into the official Go SDK's request type
# of its format with no member unknown to it and comes back the same JSON
# value but for the differences thirdparty/requests_check_test.go lists,
# each with its reason. It needs the SDKs (openai-go, anthropic-sdk-go,
# genai, the AWS SDK's bedrockruntime, Ollama's api), fetched through the
# module proxy; CI runs it (.ci/run), and go vet and staticcheck of the
# module stay with thirdparty-check.
requests:
	cd thirdparty && $(GO) test -run 'Request' ./...

.PHONY: thirdparty-check
thirdparty-check:
	cd thirdparty && $(GO) vet ./... && $(GO) run $(STATICCHECK) ./... && $(GO) test -short ./...

imports:
	$(GO) test -run 'TestImportRules|TestCorpusNotLinked|TestCommandStartsFast' -count=1 .

# cflite-check checks .clusterfuzzlite/build.sh against the module without
# Docker or the OSS-Fuzz image: every native fuzz target is on a build_target
# line (a "# not-built" line fails), every line names a real target, the
# packages with targets build their tests, each target is one
# compile_native_go_fuzzer builds into a fuzzer that does not panic on every
# input, and every testdata/fuzz/<Target> corpus belongs to a target and
# fits its arguments.
cflite-check:
	$(GO) run ./internal/cflitecheck

# cflite-build runs .clusterfuzzlite/build.sh as the OSS-Fuzz Go builder
# image would, without Docker (a local stand-in of compile_native_go_fuzzer,
# the pinned go-118-fuzz-build, clang with libFuzzer and AddressSanitizer),
# then every fuzzer it built on its seeds and for CFLITE_SECONDS of
# fuzzing. Not part of check or CI: it needs clang, libFuzzer and the
# module proxy, and takes about half a minute a target.
CFLITE_SECONDS ?= 10
cflite-build:
	CFLITE_SECONDS=$(CFLITE_SECONDS) bash .clusterfuzzlite/local-build.sh

update-golden:
	$(GO) test ./model -run 'TestScenarios|TestCaptures' -update
	$(GO) test ./model/history -run 'TestHistoryScenarios' -update

# oldest-go vets every package, which type-checks it and its tests and
# compiles what they import, with the oldest Go that go.mod's go directive
# admits, fetched as a toolchain through the module proxy: an API or a
# language feature newer than the directive fails it. (go build would add
# only the linking of the commands.) Raise OLDEST_GO with the directive.
OLDEST_GO ?= go1.23.0
oldest-go:
	GOTOOLCHAIN=$(OLDEST_GO) $(GO) version
	GOTOOLCHAIN=$(OLDEST_GO) $(GO) vet ./...

cover:
	$(GO) test -coverprofile=coverage.out ./...
	$(GO) tool cover -func=coverage.out | tail -1

.PHONY: mutants mutants-random fuzz
# mutants plants each bug of mutants/*.txtar into impl (through go test
# -overlay) and requires the default test suite to kill every one. Each
# runs in a scratch copy of the module without rapid's fail files, and the
# check fails if a file under any testdata/ appeared, changed or went.
# MUTANTS_SHARE=k/n checks every n-th mutant only, from the k-th: CI runs
# a third of them, rotating with the commit (.ci/run).
MUTANTS_SHARE ?=
mutants:
	$(GO) run ./mutants $(if $(MUTANTS_SHARE),-share $(MUTANTS_SHARE))

# mutants-random draws N random operator mutations of impl with SEED and
# reports how many the default suite (go test ./impl ./fuzz, one core)
# kills, each within MUTANT_TIMEOUT. A measure, not a gate: N=120 takes
# about an hour. MUTANTS_FLAGS=-list prints the draws without running them.
N ?= 120
SEED ?= 1
MUTANT_TIMEOUT ?= 3m
MUTANTS_FLAGS ?=
mutants-random:
	$(GO) run ./mutants/random -n $(N) -seed $(SEED) -timeout $(MUTANT_TIMEOUT) $(MUTANTS_FLAGS)

FUZZTIME ?= 30s
FUZZ_PKGS ?= ./internal/rootfuzz ./impl ./fuzz ./model ./model/history ./spectest
# fuzz runs every native fuzz target of FUZZ_PKGS for FUZZTIME each (go test
# -fuzz takes one target at a time). A finding fails it: go test writes the
# failing input under testdata/fuzz/<target>/. Go 1.26's fuzz coordinator
# can also fail a target with its own "context deadline exceeded" when
# FUZZTIME ends (go.dev/issue/75804, fixed in Go 1.27) without any input
# failing; that alone is reported, not counted as a finding.
fuzz:
	@log=$$(mktemp); trap 'rm -f $$log' EXIT; \
	for pkg in $(FUZZ_PKGS); do \
		for t in $$($(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz'); do \
			echo "== $$pkg $$t"; \
			dir=$$pkg/testdata/fuzz/$$t; before=$$(ls $$dir 2>/dev/null | wc -l); \
			if $(GO) test $$pkg -run '^$$' -fuzz "^$$t$$" -fuzztime $(FUZZTIME) >$$log 2>&1; then \
				tail -n 3 $$log; continue; \
			fi; \
			cat $$log; \
			after=$$(ls $$dir 2>/dev/null | wc -l); \
			if [ "$$after" = "$$before" ] && grep -q 'context deadline exceeded' $$log && ! grep -q 'Failing input' $$log; then \
				echo "== $$t: the fuzz coordinator's own deadline (go.dev/issue/75804), no failing input"; \
			else \
				exit 1; \
			fi; \
		done; \
	done

# bench runs impl's BenchmarkImplWire and BenchmarkFloor on every workload
# of internal/workload, then BenchmarkCompare in the nested module
# thirdparty (impl side by side with the SDK of every format: openai-go for
# OpenAI chat and Responses, anthropic-sdk-go, genai, the AWS SDK's
# bedrockruntime and Ollama's api client, fetched through the module proxy; the root module never requires them), and writes one table
# of both runs (internal/benchtable) into docs/performance.md, between its
# bench-table lines, with the command, the commit, the workloads run, the
# date and the machine; it prints the table too. go test's own output goes
# to standard error and stays in BENCHOUT (a new temporary folder unless
# set). BENCH picks workloads (a regular expression of their names),
# BENCHFLAGS adds flags, e.g. make bench BENCH=1KiB BENCHFLAGS='-benchtime=200ms -count=3'.
BENCH ?= .
BENCHFLAGS ?=
BENCHOUT ?=
bench:
	@out="$(BENCHOUT)"; if [ -z "$$out" ]; then out=$$(mktemp -d); fi; mkdir -p "$$out"; \
	$(GO) test ./impl -run '^$$' -bench '^Benchmark(ImplWire|Floor)$$/$(BENCH)' -benchmem -timeout 120m $(BENCHFLAGS) 2>&1 | tee "$$out/impl.txt" >&2; \
	(cd thirdparty && $(GO) test -run '^$$' -bench '^BenchmarkCompare$$/$(BENCH)' -benchmem -timeout 120m $(BENCHFLAGS)) 2>&1 | tee "$$out/thirdparty.txt" >&2; \
	if grep -q '^FAIL' "$$out/impl.txt" "$$out/thirdparty.txt"; then echo "make bench: a benchmark failed; see $$out" >&2; exit 1; fi; \
	$(GO) run ./internal/benchtable -out docs/performance.md -bench '$(BENCH)' -flags '$(BENCHFLAGS)' \
		-commit "$$(git describe --always --dirty 2>/dev/null)" "$$out/impl.txt" "$$out/thirdparty.txt" || exit 1; \
	echo "make bench: go test's output is in $$out" >&2

.PHONY: report-node
# report-node installs the Node adapters of report/node (JavaScript SDKs at
# the exact versions of its package-lock.json, from the npm registry, with
# npm ci) and smoke-tests each one on shared captures of its format against
# toolspec reassemble. It needs Node and npm; the Go modules never depend
# on report/node.
report-node:
	cd report/node && npm ci --no-audit --no-fund
	sh report/node/smoke.sh

.PHONY: report-python
# report-python installs the Python adapters of report/python (Python SDKs
# at the exact versions of its requirements.txt, every dependency pinned
# with its hashes, from PyPI, with pip install --require-hashes into the
# virtual environment report/python/.venv, made anew when requirements.txt
# changed) and smoke-tests each one on shared captures of its formats
# against toolspec reassemble. It needs Python 3.11 (PYTHON); the Go
# modules never depend on report/python.
PYTHON ?= python3.11
report-python:
	@cd report/python && if ! cmp -s requirements.txt .venv/requirements.txt; then \
		rm -rf .venv && $(PYTHON) -m venv .venv && \
		.venv/bin/pip install --quiet --disable-pip-version-check --require-hashes --no-deps -r requirements.txt && \
		.venv/bin/pip check && cp requirements.txt .venv/requirements.txt; fi
	report/python/.venv/bin/python report/python/smoke.py

.PHONY: report-java
# report-java builds the Java adapters of report/java (openai-java and
# anthropic-java at the exact versions of its pom.xml, every plugin pinned
# too, from Maven Central, with mvn package), writes their class path
# (target/classes, then every dependency's jar) to
# report/java/target/classpath.txt, which the report reads to know they are
# built, and smoke-tests each one on shared captures of its format against
# toolspec reassemble. It needs a JDK (17 or later) and Maven; the Go
# modules never depend on report/java.
report-java:
	cd report/java && mvn -B -q package dependency:build-classpath -Dmdep.outputFile=target/dependencies.txt && \
		printf '%s:%s\n' "$$(pwd)/target/classes" "$$(cat target/dependencies.txt)" > target/classpath.txt
	cd report/java && java -cp "$$(cat target/classpath.txt)" Smoke.java

.PHONY: report-rust bugs-rust
# report-rust builds the Rust adapters of report/rust (crates at the exact
# versions of its Cargo.lock, from crates.io, with cargo build --locked) and
# the programs of its bug reports (cargo examples), and smoke-tests each
# adapter on shared captures of its formats against toolspec reassemble
# (smoke.sh, which needs jq). It needs cargo; the Go modules never depend on
# report/rust.
report-rust:
	cd report/rust && cargo build --release --locked --bins --examples
	sh report/rust/smoke.sh
# bugs-rust runs the program of every Rust bug report (report/rust/bugs,
# built by report-rust as cargo examples); each exits with status 1 while
# its bug is there.
bugs-rust:
	@cd report/rust && for f in bugs/*.rs; do [ -e "$$f" ] || continue; n=$$(basename "$$f" .rs); \
		cargo run -q --release --locked --example "$$n" >/dev/null 2>&1; rc=$$?; \
		if [ $$rc -ne 1 ]; then echo "bugs: rust $$f exited $$rc, want 1 (the bug reproduced)"; exit 1; fi; \
		echo "bugs: rust $$f reproduces its bug"; done

.PHONY: report-bump
# report-bump moves every library of the report to its newest release: the
# Go libraries of the nested module report (go get @latest, go mod tidy)
# and the npm packages of report/node (npm install @latest, exact versions
# into package.json and package-lock.json). Then set the versions the Go
# adapters print (report/adapters/wire.go, which TestVersions holds to
# go.mod) and the versions of report/node/adapters.txt (which smoke.sh
# holds to each adapter's --describe), and run make report: the report
# prints every version it ran.
REPORT_GO_LIBS ?= github.com/openai/openai-go/v3 github.com/anthropics/anthropic-sdk-go/v2 github.com/cloudwego/eino \
	github.com/cloudwego/eino-ext/components/model/openai github.com/tmc/langchaingo github.com/ollama/ollama \
	github.com/sashabaranov/go-openai \
	google.golang.org/genai github.com/aws/aws-sdk-go-v2/service/bedrockruntime
REPORT_NPM_LIBS ?= ai @ai-sdk/openai-compatible @ai-sdk/anthropic @ai-sdk/openai openai @anthropic-ai/sdk \
	@langchain/openai @langchain/anthropic @langchain/core @google/genai ollama @aws-sdk/client-bedrock-runtime @openai/agents
report-bump:
	cd report && $(GO) get $(addsuffix @latest,$(REPORT_GO_LIBS)) && $(GO) mod tidy
	cd report/node && npm install --save-exact --no-audit --no-fund $(addsuffix @latest,$(REPORT_NPM_LIBS))
	@cd report && $(GO) test -run TestVersions ./adapters || echo "report-bump: set the versions in report/adapters/wire.go"
	@sh report/node/smoke.sh >/dev/null 2>&1 || echo "report-bump: set the versions in report/node/adapters.txt (sh report/node/smoke.sh says which)"

# report runs the conformance kit on the third-party reassemblers of the
# nested module report (openai-go, its Responses stream, anthropic-sdk-go,
# eino, langchaingo, go-openai,
# Ollama's Anthropic converter; the module fetches them through the module
# proxy, the root module never requires them) and on the external adapter
# programs of report/external.txt, report/node/adapters.txt (the Node
# adapters, which report-node installs first) and
# report/python/adapters.txt (the Python adapters, which report-python
# installs first), and writes docs/conformance.md, the shrunk scenarios
# under docs/conformance/ and the README's summary of the report (between
# its report-summary lines), which report-check holds equal to the
# committed report.
report:
	@if [ -d report/node ]; then $(MAKE) --no-print-directory report-node; fi
	@if [ -d report/python ]; then $(MAKE) --no-print-directory report-python; fi
	@if [ -d report/rust ]; then $(MAKE) --no-print-directory report-rust; fi
	@if [ -d report/java ]; then $(MAKE) --no-print-directory report-java; fi
	cd report && $(GO) run ./cmd/conformance -out ../docs/conformance.md
	@$(MAKE) --no-print-directory bugs-node
	@if [ -d report/python ]; then $(MAKE) --no-print-directory bugs-python; fi
	@if [ -d report/rust ]; then $(MAKE) --no-print-directory bugs-rust; fi
	@if [ -d report/java ]; then $(MAKE) --no-print-directory bugs-java; fi

.PHONY: bugs bugs-node bugs-python
# bugs runs the program of every bug report of docs/conformance/bugs: the
# Go ones (report/bugs, which report-check runs too), the Node ones
# (report/node/bugs, after report-node's install), the Python ones
# (report/python/bugs, after report-python's), the Rust ones
# (report/rust/bugs, cargo examples report-rust builds) and the Java ones
# (report/java/bugs, on the class path report-java writes). Each exits with status 1
# while its bug is there; one that exits otherwise no longer reproduces
# (the library fixed it, or the program broke), and the target fails.
bugs: report-node bugs-node report-python bugs-python report-rust bugs-rust report-java bugs-java
	cd report && $(GO) test -count=1 -run 'TestBugReports|TestBugPrograms' ./conformance/
bugs-node:
	@cd report/node && for f in bugs/*.mjs; do [ -e "$$f" ] || continue; \
		node "$$f" >/dev/null 2>&1; rc=$$?; \
		if [ $$rc -ne 1 ]; then echo "bugs: node $$f exited $$rc, want 1 (the bug reproduced)"; exit 1; fi; \
		echo "bugs: node $$f reproduces its bug"; done
bugs-python:
	@cd report/python && for f in bugs/*.py; do [ -e "$$f" ] || continue; \
		.venv/bin/python "$$f" >/dev/null 2>&1; rc=$$?; \
		if [ $$rc -ne 1 ]; then echo "bugs: python $$f exited $$rc, want 1 (the bug reproduced)"; exit 1; fi; \
		echo "bugs: python $$f reproduces its bug"; done

.PHONY: bugs-java
# bugs-java runs the program of every bug report of report/java/bugs, each
# a single-file source program on report-java's class path; each must exit
# with status 1 (the bug reproduced).
bugs-java:
	@cd report/java && for f in bugs/*.java; do [ -e "$$f" ] || continue; \
		java -cp "$$(cat target/classpath.txt)" "$$f" >/dev/null 2>&1; rc=$$?; \
		if [ $$rc -ne 1 ]; then echo "bugs: java $$f exited $$rc, want 1 (the bug reproduced)"; exit 1; fi; \
		echo "bugs: java $$f reproduces its bug"; done

# report-check builds the generator, checks the report module as check
# does the root (gofmt, vet, staticcheck) and tests it: the adapters on the
# shared captures, the generator, and that the committed
# docs/conformance.md is in the form the generator writes.
report-check:
	@out=$$(gofmt -l $(REPORT_DIRS:%=report/%)); if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi
	cd report && $(GO) build -o /dev/null ./cmd/conformance && $(GO) vet $(REPORT_PKGS) && $(GO) run $(STATICCHECK) $(REPORT_PKGS)
	cd report && $(GO) test -count=1 $(REPORT_PKGS)

# The report module's Go folders: not ./..., which would reach into
# report/node's node_modules.
REPORT_DIRS = adapters conformance cmd bugs
REPORT_PKGS = $(REPORT_DIRS:%=./%/...)
