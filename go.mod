module github.com/toolspec/toolspec

go 1.23.0

require golang.org/x/tools v0.36.0

require pgregory.net/rapid v1.3.0
