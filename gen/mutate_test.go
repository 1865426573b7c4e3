package gen

import (
	"reflect"
	"testing"
)

// TestMissingCallIDsSharedObject: an object that sits in two frames (an
// item added, then done) and repeats its call_id key loses every call_id
// once. A deletion by key, or of each member as often as frames list it,
// went out of range (a crash TestGenMutatedImpl found).
func TestMissingCallIDsSharedObject(t *testing.T) {
	item := &jObj{k: []string{"type", "call_id", "name", "call_id"}, v: []any{"function_call", "a", "f", "b"}}
	st := &stream{frames: []frame{
		{body: &jObj{k: []string{"item"}, v: []any{item}}},
		{body: &jObj{k: []string{"item"}, v: []any{item}}},
	}}
	if !mutMissingCallIDs(nil, st, nil) {
		t.Fatal("no call id found")
	}
	if want := []string{"type", "name"}; !reflect.DeepEqual(item.k, want) {
		t.Fatalf("keys left %q, want %q", item.k, want)
	}
}
