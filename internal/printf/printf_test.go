package printf

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestParse(t *testing.T) {
	type v struct {
		verb  rune
		flags string
		arg   int
	}
	cases := []struct {
		format string
		want   []v
	}{
		{"plain", nil},
		{"100%%", nil},
		{"a %v b %s", []v{{'v', "", 0}, {'s', "", 1}}},
		{"%+v and %#v", []v{{'v', "+", 0}, {'v', "#", 1}}},
		{"%w: %d", []v{{'w', "", 0}, {'d', "", 1}}},
		{"%*d %v", []v{{'d', "", 1}, {'v', "", 2}}},
		{"%[2]v %[1]s", []v{{'v', "", 1}, {'s', "", 0}}},
		{"%[2]v %v", []v{{'v', "", 1}, {'v', "", 2}}},
		{"%-10.3f", []v{{'f', "-", 0}}},
		{"%.*f", []v{{'f', "", 1}}},
		{"tail %", []v{{0, "", -1}}},
		{"%é", []v{{'é', "", 0}}},
	}
	for _, c := range cases {
		got := Parse(c.format)
		var gotv []v
		for _, g := range got {
			gotv = append(gotv, v{g.Verb, g.Flags, g.Arg})
		}
		assert.Equal(t, c.want, gotv, c.format)
	}
}

func TestOffsets(t *testing.T) {
	got := Parse("x %+v y")
	if assert.Len(t, got, 1) {
		assert.Equal(t, "%+v", "x %+v y"[got[0].Start:got[0].End])
		assert.True(t, got[0].Plus())
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"%v", "%[1]*.[2]*[3]d", "%%%", "%[", "%[0]v", "%[99999999999]v", "\xff%v", "%+#- 0v"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, format string) {
		for _, verb := range Parse(format) {
			if verb.Start < 0 || verb.End > len(format) || verb.Start >= verb.End {
				t.Fatalf("bad offsets %+v in %q", verb, format)
			}
			if verb.Arg < -1 {
				t.Fatalf("bad arg %+v", verb)
			}
		}
	})
}
