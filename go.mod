module github.com/toolspec/toolspec

go 1.26.0

require golang.org/x/tools v0.52.0

require pgregory.net/rapid v1.3.0 // indirect
