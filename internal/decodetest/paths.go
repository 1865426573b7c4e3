package decodetest

// PathCase is one of PAIR-10's path forms, well formed or not: the path and
// its steps (quoted member names and [indices]) or the problem the path
// parser reports.
type PathCase struct{ Path, Want string }

// PathCases are the Vertex partial-argument path forms that model's and
// impl's path parsers must read alike (TestPathParse in both packages;
// fuzz's TestPathsModelEqualsImpl compares them on every short path).
var PathCases = []PathCase{
	{Path: `$.a`, Want: `"a"`},
	{Path: `$.a.b`, Want: `"a" "b"`},
	{Path: `$['a']`, Want: `"a"`},
	{Path: `$["a"]`, Want: `"a"`},
	{Path: `$['a.b[0']`, Want: `"a.b[0"`},
	// The first ] closes a step, even inside quotes.
	{Path: `$['a]b']`, Want: `bad array index "'a"`},
	{Path: `$['']`, Want: `""`},
	{Path: `$.a[0]`, Want: `"a" [0]`},
	{Path: `$.a[10]`, Want: `"a" [10]`},
	{Path: `$.a[9][0]`, Want: `"a" [9] [0]`},
	{Path: `$.a[2147483647].b`, Want: `"a" [2147483647] "b"`},
	{Path: `$.é`, Want: `"é"`},
	{Path: `$.a]`, Want: `"a]"`},
	{Path: ``, Want: `path does not start with $`},
	{Path: `a`, Want: `path does not start with $`},
	{Path: `.a`, Want: `path does not start with $`},
	{Path: ` $.a`, Want: `path does not start with $`},
	{Path: `$`, Want: `path names no member`},
	{Path: `$$.a`, Want: `unexpected '$'`},
	{Path: `$a`, Want: `unexpected 'a'`},
	{Path: `$ .a`, Want: `unexpected ' '`},
	{Path: `$.a]x`, Want: `"a]x"`},
	{Path: `$.a[0]x`, Want: `unexpected 'x'`},
	{Path: `$.a[0]]`, Want: `unexpected ']'`},
	{Path: `$.`, Want: `empty member name`},
	{Path: `$..a`, Want: `empty member name`},
	{Path: `$.a.`, Want: `empty member name`},
	{Path: `$.[0]`, Want: `empty member name`},
	{Path: `$[`, Want: `unclosed [`},
	{Path: `$.a[0`, Want: `unclosed [`},
	{Path: `$.a['b`, Want: `unclosed [`},
	{Path: `$[]`, Want: `bad array index ""`},
	{Path: `$.a[01]`, Want: `bad array index "01"`},
	{Path: `$.a[00]`, Want: `bad array index "00"`},
	{Path: `$.a[+1]`, Want: `bad array index "+1"`},
	{Path: `$.a[-1]`, Want: `bad array index "-1"`},
	{Path: `$.a[-0]`, Want: `bad array index "-0"`},
	{Path: `$.a[ 1]`, Want: `bad array index " 1"`},
	{Path: `$.a[1 ]`, Want: `bad array index "1 "`},
	{Path: `$.a[1.0]`, Want: `bad array index "1.0"`},
	{Path: `$.a[1e0]`, Want: `bad array index "1e0"`},
	{Path: `$.a[0x1]`, Want: `bad array index "0x1"`},
	{Path: `$.a[1_0]`, Want: `bad array index "1_0"`},
	{Path: `$.a[١]`, Want: `bad array index "١"`},
	{Path: `$.a[99999999999999999999]`, Want: `bad array index "99999999999999999999"`},
	{Path: `$.a[[0]]`, Want: `bad array index "[0"`},
	{Path: `$['a]`, Want: `bad array index "'a"`},
	{Path: `$["a']`, Want: `bad array index "\"a'"`},
	{Path: `$[']`, Want: `bad array index "'"`},
	{Path: `$[a]`, Want: `bad array index "a"`},
	{Path: `$[*]`, Want: `bad array index "*"`},
}
