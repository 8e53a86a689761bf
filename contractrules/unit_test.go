package contractrules

import (
	"bytes"
	"encoding/gob"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcplint-go/mcplint/internal/defcheck"
	"github.com/mcplint-go/mcplint/mcperr"
)

func TestSnakeCaseSuggestionsAreValidReasons(t *testing.T) {
	for in, want := range map[string]string{
		"NotFound":     "not_found",
		"no-match":     "no_match",
		"No Match":     "no_match",
		"rateLimited2": "rate_limited2",
		" spaced ":     "spaced",
		"already_ok":   "already_ok",
	} {
		got := snakeCase(in)
		assert.Equal(t, want, got, in)
		assert.True(t, defcheck.ValidReason(got), "%q -> %q is not a valid reason", in, got)
	}
	// Nothing to suggest: the result would still be invalid.
	assert.False(t, defcheck.ValidReason(snakeCase("1st")))
}

func TestClosestSuggestsOnlyAnUnambiguousNearReason(t *testing.T) {
	declared := []string{"no_item", "no_user", "quota_exceeded"}
	assert.Equal(t, "no_item", closest("no_itme", declared))
	assert.Equal(t, "quota_exceeded", closest("quota_exceded", declared))
	assert.Equal(t, "", closest("no_ite", []string{"no_item", "no_itex"}), "two candidates: no guess")
	assert.Equal(t, "", closest("archived", declared))
}

func TestFactString(t *testing.T) {
	f := &ErrorsFact{
		Produces: []Produced{
			{Code: mcperr.CodeNotFound, Reason: "no_item"},
			{Fail: true, Reason: "archived"},
			{Code: 0, ReasonDynamic: true},
			{Code: mcperr.CodeConflict},
		},
		Opaque: true,
		Params: []int{1},
	}
	assert.Equal(t, "errors(NotFound[no_item] fail[archived] runtime[?] Conflict opaque param1)", f.String())
}

// Facts cross process boundaries under go vet (unitchecker), gob-encoded.
func TestFactsSurviveGob(t *testing.T) {
	in := &ErrorsFact{
		Produces: []Produced{{Code: mcperr.CodeRateLimited, Reason: "quota", By: "mcperr.RateLimited", Func: "store.(*Store).Reserve", At: "store/store.go:12"}},
		Opaque:   true, OpaqueAt: "service/service.go:40",
		Params: []int{0, 2},
	}
	var b bytes.Buffer
	require.NoError(t, gob.NewEncoder(&b).Encode(in))
	out := new(ErrorsFact)
	require.NoError(t, gob.NewDecoder(&b).Decode(out))
	assert.Equal(t, in, out)

	b.Reset()
	require.NoError(t, gob.NewEncoder(&b).Encode(&analyzedFact{}))
	require.NoError(t, gob.NewDecoder(&b).Decode(new(analyzedFact)))
}
