// Package thirdparty compares toolspec's production reassembler (package
// impl) with the stream accumulators of the official provider SDKs,
// openai-go and anthropic-sdk-go, on the workloads of package
// internal/workload. It has only benchmarks and their tests.
//
// It is a separate module so that the root module never requires the
// SDKs: `go test ./...` at the root does not descend into it. Run it with
// `make bench` at the root, or `go test -run '^$' -bench . -benchmem` here.
package thirdparty
