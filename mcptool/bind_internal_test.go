package mcptool

import "testing"

type boundArgs struct{ N int }

func TestBindTargetSetsThroughAPointerType(t *testing.T) {
	var byValue boundArgs
	bindTarget(&byValue).Field(0).SetInt(1)
	var byPointer *boundArgs
	bindTarget(&byPointer).Field(0).SetInt(2)
	if byValue.N != 1 || byPointer == nil || byPointer.N != 2 {
		t.Errorf("bindTarget set %+v and %+v; want N 1 and a new value with N 2", byValue, byPointer)
	}
}
