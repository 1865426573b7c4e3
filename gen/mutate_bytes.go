package gen

import (
	"encoding/binary"
	"hash/crc32"

	"pgregory.net/rapid"
)

// mutTruncate cuts the stream anywhere (END-3; field notes 33).
func mutTruncate(t *rapid.T, st *stream) bool {
	if len(st.data) == 0 {
		return false
	}
	st.data = st.data[:rapid.IntRange(0, len(st.data)-1).Draw(t, "truncateAt")]
	return true
}

// mutGarbageBytes inserts bytes that belong to no frame.
func mutGarbageBytes(t *rapid.T, st *stream) bool {
	g := rapid.SampledFrom([]string{"\x00", "\xff\xfe", "\r", "\n\n", "garbage", "data: x\n\n", "{", "}", "\xc3", "\xe2\x80", ":", "\x00\x00\x00\x10"}).Draw(t, "garbageBytes")
	at := rapid.IntRange(0, len(st.data)).Draw(t, "garbageBytesAt")
	st.data = append(st.data[:at:at], append([]byte(g), st.data[at:]...)...)
	return true
}

// mutFlipByte changes one bit of one byte.
func mutFlipByte(t *rapid.T, st *stream) bool {
	if len(st.data) == 0 {
		return false
	}
	i := rapid.IntRange(0, len(st.data)-1).Draw(t, "flipAt")
	st.data[i] ^= 1 << rapid.IntRange(0, 7).Draw(t, "flipBit")
	return true
}

// mutBOM prepends a byte-order mark (FRAME-1, FRAME-2), or a part of one.
func mutBOM(t *rapid.T, st *stream) bool {
	bom := rapid.SampledFrom([]string{"\xEF\xBB\xBF", "\xEF\xBB", "\xEF\xBB\xBF\xEF\xBB\xBF", " \xEF\xBB\xBF"}).Draw(t, "bomBytes")
	st.data = append([]byte(bom), st.data...)
	return true
}

// mutLineEnds rewrites some line ends as CR or CRLF (FRAME-1, FRAME-2).
func mutLineEnds(t *rapid.T, st *stream) bool {
	var lfs []int
	for i, c := range st.data {
		if c == '\n' {
			lfs = append(lfs, i)
		}
	}
	if len(lfs) == 0 {
		return false
	}
	n := rapid.IntRange(1, min(len(lfs), 8)).Draw(t, "lineEnds")
	pick := map[int]string{}
	for i := 0; i < n; i++ {
		pick[lfs[rapid.IntRange(0, len(lfs)-1).Draw(t, "lineEndAt")]] = rapid.SampledFrom([]string{"\r", "\r\n", "\n\r"}).Draw(t, "lineEnd")
	}
	var out []byte
	for i, c := range st.data {
		if s, ok := pick[i]; ok {
			out = append(out, s...)
			continue
		}
		out = append(out, c)
	}
	st.data = out
	return true
}

// mutMergeEvents removes the blank line between two SSE events, so their
// data lines join (FRAME-1, FRAME-4).
func mutMergeEvents(t *rapid.T, st *stream) bool {
	var at []int
	for i := 0; i+1 < len(st.data); i++ {
		if st.data[i] == '\n' && st.data[i+1] == '\n' {
			at = append(at, i)
		}
	}
	if len(at) == 0 {
		return false
	}
	i := at[rapid.IntRange(0, len(at)-1).Draw(t, "mergeAt")]
	st.data = append(st.data[:i:i], st.data[i+1:]...)
	return true
}

// span picks one event-stream message that is still whole in the data.
func pickSpan(t *rapid.T, st *stream, label string) ([2]int, bool) {
	var ok [][2]int
	for _, s := range st.spans {
		if s[1] <= len(st.data) && s[1]-s[0] >= 16 {
			ok = append(ok, s)
		}
	}
	if len(ok) == 0 {
		return [2]int{}, false
	}
	return ok[rapid.IntRange(0, len(ok)-1).Draw(t, label)], true
}

// mutCRCPrelude breaks a message's prelude CRC (FRAME-3).
func mutCRCPrelude(t *rapid.T, st *stream) bool {
	s, ok := pickSpan(t, st, "preludeCRCMessage")
	if !ok {
		return false
	}
	st.data[s[0]+8+rapid.IntRange(0, 3).Draw(t, "crcByte")] ^= 0x5a
	return true
}

// mutCRCMessage breaks a message's CRC (FRAME-3).
func mutCRCMessage(t *rapid.T, st *stream) bool {
	s, ok := pickSpan(t, st, "messageCRCMessage")
	if !ok {
		return false
	}
	st.data[s[1]-1-rapid.IntRange(0, 3).Draw(t, "crcByte")] ^= 0xa5
	return true
}

// fixPrelude recomputes the prelude CRC of the message at off, so that a
// changed length is what a decoder checks next.
func fixPrelude(data []byte, off int) {
	binary.BigEndian.PutUint32(data[off+8:], crc32.ChecksumIEEE(data[off:off+8]))
}

// fixMessage recomputes the message CRC of the message in span s.
func fixMessage(data []byte, s [2]int) {
	binary.BigEndian.PutUint32(data[s[1]-4:], crc32.ChecksumIEEE(data[s[0]:s[1]-4]))
}

// mutBadLengths makes a message's lengths inconsistent, with a correct
// prelude CRC (FRAME-3, BUD-5).
func mutBadLengths(t *rapid.T, st *stream) bool {
	s, ok := pickSpan(t, st, "lengthMessage")
	if !ok {
		return false
	}
	total := uint32(s[1] - s[0])
	switch rapid.IntRange(0, 4).Draw(t, "lengthFault") {
	case 0:
		binary.BigEndian.PutUint32(st.data[s[0]:], rapid.Uint32Range(0, 15).Draw(t, "shortTotal"))
	case 1:
		binary.BigEndian.PutUint32(st.data[s[0]+4:], total-15)
	case 2:
		binary.BigEndian.PutUint32(st.data[s[0]:], total+rapid.Uint32Range(1, 64).Draw(t, "longTotal"))
	case 3:
		binary.BigEndian.PutUint32(st.data[s[0]:], 0xFFFFFFF0)
	default:
		binary.BigEndian.PutUint32(st.data[s[0]+4:], 0xFFFFFFFF)
	}
	fixPrelude(st.data, s[0])
	return true
}

// mutBadHeader corrupts a message's first header, with both CRCs correct
// (FRAME-3).
func mutBadHeader(t *rapid.T, st *stream) bool {
	s, ok := pickSpan(t, st, "headerMessage")
	if !ok {
		return false
	}
	h := s[0] + 12
	hlen := int(binary.BigEndian.Uint32(st.data[s[0]+4:]))
	if hlen < 4 {
		return false
	}
	nl := int(st.data[h])
	switch rapid.IntRange(0, 3).Draw(t, "headerFault") {
	case 0:
		if h+1+nl < s[1]-4 {
			st.data[h+1+nl] = byte(rapid.IntRange(10, 255).Draw(t, "headerType"))
		}
	case 1:
		st.data[h] = 0
	case 2:
		st.data[h] = byte(min(255, hlen+5))
	default:
		if h+2+nl+1 < s[1]-4 {
			st.data[h+2+nl] = 0xFF
			st.data[h+3+nl] = 0xFF
		}
	}
	fixMessage(st.data, s)
	return true
}
