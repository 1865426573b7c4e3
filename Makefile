# toolspec: common tasks. Only Go is required; staticcheck is fetched
# through the Go module proxy at a pinned version.
GO ?= go
STATICCHECK ?= honnef.co/go/tools/cmd/staticcheck@v0.8.2

.PHONY: test test-short check fmt-check vet staticcheck imports update-golden cover

test:
	$(GO) test ./...

test-short:
	$(GO) test -short ./...

check: fmt-check vet staticcheck imports

fmt-check:
	@out=$$(gofmt -l $$($(GO) list -f '{{.Dir}}' ./...)); \
	if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi

vet:
	$(GO) vet ./...

staticcheck:
	$(GO) run $(STATICCHECK) ./...

imports:
	$(GO) test -run TestImportRules -count=1 .

update-golden:
	$(GO) test ./model -run 'TestScenarios|TestCaptures' -update

cover:
	$(GO) test -coverprofile=coverage.out ./...
	$(GO) tool cover -func=coverage.out | tail -1

.PHONY: mutants fuzz
# mutants plants each bug of mutants/*.txtar into impl (through go test
# -overlay) and requires the default test suite to kill every one.
mutants:
	$(GO) run ./mutants

FUZZTIME ?= 30s
FUZZ_TARGETS ?= FuzzWire FuzzWireSmallLimits FuzzChunking FuzzNoPanic FuzzEvents
# fuzz runs every fuzz target of package fuzz for FUZZTIME each.
fuzz:
	@for t in $(FUZZ_TARGETS); do \
		echo "== $$t"; \
		$(GO) test ./fuzz -run '^$$' -fuzz "^$$t$$" -fuzztime $(FUZZTIME) || exit 1; \
	done
