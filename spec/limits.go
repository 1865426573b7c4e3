package spec

// Limits bounds what one stream may make a reassembler hold. The zero value
// of each field means its documented default; a negative value means the
// same as zero. Exceeding any limit is a terminal [Violation] raised before
// the offending bytes are buffered: nothing is silently truncated (BUD-*).
type Limits struct {
	// MaxCalls is the most calls one message may hold (BUD-1). Default 128.
	MaxCalls int
	// MaxArgBytes is the most argument bytes one call may hold (BUD-2).
	// Default 2 MiB.
	MaxArgBytes int
	// MaxResponseBytes is the most payload bytes one message may hold:
	// arguments, text, thinking and signatures together (BUD-3). Default
	// 32 MiB.
	MaxResponseBytes int
	// MaxIDBytes is the longest id, and MaxNameBytes the longest name, a
	// call may carry (BUD-4). Default 256 each.
	MaxIDBytes   int
	MaxNameBytes int
	// MaxFrameBytes is the largest wire frame (SSE event, JSON line,
	// event-stream message) a decoder buffers (BUD-5). Default 32 MiB.
	MaxFrameBytes int
	// MaxItems is the most items (calls, text, thinking, signature and other
	// blocks) one message may hold; MaxMessages the most messages one stream
	// may hold; MaxChoices bounds choice numbers (0 <= choice < MaxChoices)
	// (BUD-6). Defaults 4096, 1024 and 128.
	MaxItems    int
	MaxMessages int
	MaxChoices  int
	// NoParallel means parallel tool calls are disabled: a second distinct
	// call in one message is a terminal violation (BUD-7).
	NoParallel bool
}

// Default values of the fields of [Limits].
const (
	DefaultMaxCalls         = 128
	DefaultMaxArgBytes      = 2 << 20
	DefaultMaxResponseBytes = 32 << 20
	DefaultMaxIDBytes       = 256
	DefaultMaxNameBytes     = 256
	DefaultMaxFrameBytes    = 32 << 20
	DefaultMaxItems         = 4096
	DefaultMaxMessages      = 1024
	DefaultMaxChoices       = 128
)

// Resolved returns l with every zero or negative field replaced by its
// default.
func (l Limits) Resolved() Limits {
	def := func(v *int, d int) {
		if *v <= 0 {
			*v = d
		}
	}
	def(&l.MaxCalls, DefaultMaxCalls)
	def(&l.MaxArgBytes, DefaultMaxArgBytes)
	def(&l.MaxResponseBytes, DefaultMaxResponseBytes)
	def(&l.MaxIDBytes, DefaultMaxIDBytes)
	def(&l.MaxNameBytes, DefaultMaxNameBytes)
	def(&l.MaxFrameBytes, DefaultMaxFrameBytes)
	def(&l.MaxItems, DefaultMaxItems)
	def(&l.MaxMessages, DefaultMaxMessages)
	def(&l.MaxChoices, DefaultMaxChoices)
	return l
}
