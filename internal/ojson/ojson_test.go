package ojson

import (
	"reflect"
	"testing"
)

type status string

func TestPlain(t *testing.T) {
	obj := New().Set("b", status("open")).Set("a", []any{1, true})
	got, err := Plain(obj)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]any{"b": "open", "a": []any{float64(1), true}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Plain = %#v, want %#v", got, want)
	}
	if got, err := Plain(make(chan int)); err == nil || got != nil {
		t.Errorf("Plain(chan) = %v, %v; want nil and the encoding's error", got, err)
	}
}
