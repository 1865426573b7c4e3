#!/bin/bash -eu
# ClusterFuzzLite / OSS-Fuzz build of the module's native Go fuzz targets.
# Runs in the image of .clusterfuzzlite/Dockerfile, in $SRC/toolspec, with
# $OUT, $SANITIZER and the compile_native_go_fuzzer helper set up by it.
#
# Every native fuzz target of the module (go test -list '^Fuzz' ./...) is on
# one line below: "build_target DIR FuzzX" builds it as $OUT/<package>_FuzzX,
# "# not-built DIR FuzzX: why" records why the helper cannot build it as the
# code stands. make cflite-check (go run ./internal/cflitecheck) fails when
# a target is on no line, a line names no target, or a line disagrees with
# what the helper would do with the code.

cd "$SRC/toolspec"

# compile_native_go_fuzzer builds with go-118-fuzz-build, whose harness
# replaces the testing package of the target's file by its own; the module
# must require that package. Both are pinned to the version this file was
# checked with (make cflite-check models it; the build of the five targets
# below was run with it). go install puts the pinned tool first on PATH.
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

build_target ./impl FuzzArgsProblem
build_target ./impl FuzzIndexResume
build_target ./impl FuzzIsCut
build_target ./impl FuzzJSON
build_target ./model FuzzFramingChunking
build_target ./model FuzzHistoryDecode

# Not built: the helper turns only the file that declares the target into a
# non-test file of its package, with the testing package replaced, so the
# target must not need the package's other _test.go files (helpers), nor
# pass its *testing.T to code written against the standard one.
# not-built . FuzzDetect: declared in the external test package toolspec_test, which the helper cannot build into package toolspec
# not-built ./fuzz FuzzChunking: uses helpers of other _test.go files (sameEvents, sameOutcomes, ...)
# not-built ./fuzz FuzzEvents: rapid.MakeFuzz (the engine calls it with its own *testing.T and it panics) and helpers of other _test.go files
# not-built ./fuzz FuzzGenMutated: rapid.MakeFuzz and helpers of other _test.go files
# not-built ./fuzz FuzzGenShapes: rapid.MakeFuzz and helpers of other _test.go files
# not-built ./fuzz FuzzGenValid: rapid.MakeFuzz and helpers of other _test.go files
# not-built ./fuzz FuzzNoPanic: uses helpers of other _test.go files
# not-built ./fuzz FuzzOutcomeJSON: the helper greps "func FuzzOutcomeJSON", which FuzzOutcomeJSONGen matches too, and skips it
# not-built ./fuzz FuzzOutcomeJSONGen: rapid.MakeFuzz and helpers of other _test.go files
# not-built ./fuzz FuzzWire: the helper greps "func FuzzWire", which FuzzWireSmallLimits matches too, and skips it
# not-built ./fuzz FuzzWireSmallLimits: uses helpers of other _test.go files
# not-built ./impl FuzzAnthropicFastDelta: uses helpers of other _test.go files (casePayloadSeeds)
# not-built ./impl FuzzChatFastChoices: uses helpers of other _test.go files (casePayloadSeeds)
# not-built ./impl FuzzChatSequence: uses helpers of other _test.go files (casePayloadSeeds)
# not-built ./impl FuzzImplDecodeAnthropic: uses helpers of other _test.go files (casePayloadSeeds)
# not-built ./impl FuzzImplDecodeBedrock: uses helpers of other _test.go files (abgFuzzCheck)
# not-built ./impl FuzzImplDecodeGemini: uses helpers of other _test.go files (casePayloadSeeds, abgFuzzCheck)
# not-built ./impl FuzzImplDecodeOllama: uses helpers of other _test.go files (oaiFuzzSeeds, oaiFuzzBody)
# not-built ./impl FuzzImplDecodeOpenAIChat: uses helpers of other _test.go files (casePayloadSeeds)
# not-built ./impl FuzzImplDecodeOpenAIResponses: uses helpers of other _test.go files (oaiFuzzSeeds, oaiFuzzBody)
# not-built ./model FuzzAnthropicDecode: uses decodeFuzzBody of another _test.go file
# not-built ./model FuzzBedrockDecode: uses decodeFuzzBody of another _test.go file
# not-built ./model FuzzHistoryRoundTrip: rapid.MakeFuzz (the engine calls it with its own *testing.T and it panics)
# not-built ./model FuzzGeminiDecode: passes its *testing.T to decodetest.Run, written against the standard testing.T
# not-built ./model FuzzOllamaDecode: passes its *testing.T to decodetest.Run, written against the standard testing.T
# not-built ./model FuzzOpenAIChatDecode: uses decodeFuzzBody of another _test.go file
# not-built ./model FuzzOpenAIResponsesDecode: uses decodeFuzzBody of another _test.go file
# not-built ./spectest FuzzToolspec: hands its *testing.F to spectest.Fuzz, written against the standard testing.F
