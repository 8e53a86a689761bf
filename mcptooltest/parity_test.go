package mcptooltest_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcplint-go/mcplint/mcptool"
	"github.com/mcplint-go/mcplint/mcptooltest"
)

// recorder is a TB that records instead of failing.
type recorder struct {
	errors []string
	logs   []string
}

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, a ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, a...))
}
func (r *recorder) Logf(format string, a ...any) { r.logs = append(r.logs, fmt.Sprintf(format, a...)) }

func text(s string) []mcp.Content { return []mcp.Content{&mcp.TextContent{Text: s}} }

func tool[Out any](format func(Out) []mcp.Content) mcptool.Tool[struct{}, Out] {
	return mcptool.Tool[struct{}, Out]{
		Name: "t", Description: "d",
		Handler: func(context.Context, *mcptool.Call, struct{}) (Out, error) { var o Out; return o, nil },
		Format:  format,
	}
}

func check[Out any](t *testing.T, format func(Out) []mcp.Content, opts ...mcptooltest.ParityOption) *recorder {
	t.Helper()
	r := &recorder{}
	mcptooltest.CheckFormatParity(r, tool(format), opts...)
	return r
}

// missing extracts the field paths of "does not show" failures.
func missing(r *recorder) []string {
	var out []string
	for _, e := range r.errors {
		if _, rest, ok := strings.Cut(e, "Format does not show "); ok {
			out = append(out, strings.SplitN(rest, " ", 2)[0])
		}
	}
	return out
}

type item struct {
	ID     string `json:"id"`
	IDType string `json:"idType"`
}

// mcp-ts-core's prefix hole: the sentinel of "id" is a prefix of the
// sentinel of "idType", so substring matching thinks "id" is shown.
func TestPrefixCollisionIsCaught(t *testing.T) {
	r := check(t, func(o item) []mcp.Content { return text("type: " + o.IDType) })
	assert.Equal(t, []string{"id"}, missing(r))

	r = check(t, func(o item) []mcp.Content { return text(o.ID + " (" + o.IDType + ")") })
	assert.Empty(t, r.errors)
}

type status string

const (
	statusOpen     status = "open"
	statusClosed   status = "closed"
	statusArchived status = "archived"
)

func (status) EnumValues() []any { return []any{statusOpen, statusClosed, statusArchived} }

type ticket struct {
	Title  string `json:"title"`
	Status status `json:"status"`
	Urgent bool   `json:"urgent"`
}

// mcp-ts-core's enum hole: a Format that only renders the first enum value
// passes a check that samples only that value.
func TestFormatThatShowsOnlyTheFirstEnumValueIsCaught(t *testing.T) {
	r := check(t, func(o ticket) []mcp.Content {
		s := o.Title
		if o.Status == statusOpen {
			s += " [open]"
		}
		if o.Urgent {
			s += " URGENT"
		}
		return text(s)
	})
	require.Len(t, r.errors, 1, "%v", r.errors)
	assert.Contains(t, r.errors[0], "renders status = closed and status = archived identically")

	r = check(t, func(o ticket) []mcp.Content {
		return text(fmt.Sprintf("%s [%s]", o.Title, o.Status))
	})
	require.Len(t, r.errors, 1, "%v", r.errors)
	assert.Contains(t, r.errors[0], "renders urgent = true and urgent = false identically")

	r = check(t, func(o ticket) []mcp.Content {
		return text(fmt.Sprintf("%s [%s] urgent=%t", o.Title, o.Status, o.Urgent))
	})
	assert.Empty(t, r.errors)
}

type person struct {
	Name string `json:"name"`
}

type article struct {
	Title  string   `json:"title"`
	Author *person  `json:"author,omitempty"`
	Tags   []string `json:"tags"`
}

// mcp-ts-core's crash hole: a Format that dereferences an optional field
// passes when the sample always fills it.
func TestCrashOnEmptyOptionalIsCaught(t *testing.T) {
	r := check(t, func(o article) []mcp.Content {
		return text(o.Title + " by " + o.Author.Name + " " + strings.Join(o.Tags, ","))
	})
	require.NotEmpty(t, r.errors)
	assert.Contains(t, strings.Join(r.errors, "\n"), "Format panicked when author is empty")
	assert.Contains(t, r.errors[0], "every optional field is empty")

	r = check(t, func(o article) []mcp.Content {
		s := o.Title
		if o.Author != nil {
			s += " by " + o.Author.Name
		}
		return text(s + " " + strings.Join(o.Tags, ","))
	})
	assert.Empty(t, r.errors)
}

func TestCrashOnOneOptionalAmongOthers(t *testing.T) {
	type meta struct {
		Owner  *person `json:"owner"`
		Editor *person `json:"editor"`
	}
	// Survives when everything is empty, crashes when only Owner is.
	r := check(t, func(o meta) []mcp.Content {
		if o.Owner == nil && o.Editor == nil {
			return text("nobody")
		}
		return text(o.Owner.Name + " " + o.Editor.Name)
	})
	assert.Len(t, r.errors, 2, "%v", r.errors)
	assert.Contains(t, r.errors[0], "when owner is empty")
	assert.Contains(t, r.errors[1], "when editor is empty")
}

type list struct {
	Items []item `json:"items"`
}

func TestOnlyFirstElementIsCaught(t *testing.T) {
	r := check(t, func(o list) []mcp.Content {
		if len(o.Items) == 0 {
			return text("none")
		}
		return text(o.Items[0].ID + " " + o.Items[0].IDType)
	})
	assert.Equal(t, []string{"items[1].id", "items[1].idType"}, missing(r))
}

type stats struct {
	Count   int     `json:"count"`
	Bytes   uint64  `json:"bytes"`
	Small   uint8   `json:"small"`
	Ratio   float64 `json:"ratio"`
	Elapsed time.Duration
	When    time.Time `json:"when"`
}

func TestNumbersDatesAndDurations(t *testing.T) {
	humanize := func(n uint64, sep string) string {
		s := fmt.Sprint(n)
		var b []string
		for len(s) > 3 {
			b = append([]string{s[len(s)-3:]}, b...)
			s = s[:len(s)-3]
		}
		return strings.Join(append([]string{s}, b...), sep)
	}
	r := check(t, func(o stats) []mcp.Content {
		return text(fmt.Sprintf("%s items, %s bytes, small %d, ratio %.1f, took %s, on %s",
			humanize(uint64(o.Count), ","), humanize(o.Bytes, "."), o.Small, o.Ratio, o.Elapsed, o.When.Format("Jan 2, 2006")))
	})
	assert.Empty(t, r.errors)

	r = check(t, func(o stats) []mcp.Content {
		// Count shown as a different number, Bytes converted to KiB: both
		// missing. Units glued to numbers are fine.
		return text(fmt.Sprintf("%d0 items, %dKiB, small %d, ratio %v, took %.0fs, on %s",
			o.Count, o.Bytes/1024, o.Small, o.Ratio, o.Elapsed.Seconds(), o.When.Format(time.RFC3339)))
	})
	assert.Equal(t, []string{"count", "bytes"}, missing(r))
}

func TestNumberBoundaries(t *testing.T) {
	type dims struct {
		W int `json:"w"`
		H int `json:"h"`
	}
	// Separated by a letter: both shown.
	r := check(t, func(o dims) []mcp.Content { return text(fmt.Sprintf("%dx%d", o.W, o.H)) })
	assert.Empty(t, r.errors)
	// Glued digits or an underscore make a different number or an identifier.
	r = check(t, func(o dims) []mcp.Content { return text(fmt.Sprintf("%d%d", o.W, o.H)) })
	assert.Equal(t, []string{"w", "h"}, missing(r))
	r = check(t, func(o dims) []mcp.Content { return text(fmt.Sprintf("id_%d id_%d", o.W, o.H)) })
	assert.Equal(t, []string{"w", "h"}, missing(r))
	// A trailing grouped number is not this one.
	r = check(t, func(o dims) []mcp.Content { return text(fmt.Sprintf("1,%d %d", o.W, o.H)) })
	assert.Equal(t, []string{"w"}, missing(r))
}

type labelled struct {
	Labels map[string]int `json:"labels"`
	Raw    []byte         `json:"raw"`
	Extra  any            `json:"extra"`
	embedded
}

type embedded struct {
	Note string `json:"note"`
}

func TestMapsBytesInterfacesAndEmbedding(t *testing.T) {
	r := check(t, func(o labelled) []mcp.Content {
		var b strings.Builder
		for k, v := range o.Labels {
			fmt.Fprintf(&b, "%s=%d ", k, v)
		}
		fmt.Fprintf(&b, "raw=%s extra=%v note=%s", o.Raw, o.Extra, o.Note)
		return text(b.String())
	})
	assert.Empty(t, r.errors)

	r = check(t, func(o labelled) []mcp.Content { return text(fmt.Sprint(len(o.Labels))) })
	assert.ElementsMatch(t, []string{"labels{key}", "labels[sntl_labels_key]", "raw", "extra", "note"}, missing(r))
}

func TestNilContentMissesEverything(t *testing.T) {
	r := check(t, func(item) []mcp.Content { return nil })
	assert.Equal(t, []string{"id", "idType"}, missing(r))
}

func TestPanicOnFullOutput(t *testing.T) {
	r := check(t, func(item) []mcp.Content { panic("nope") })
	require.Len(t, r.errors, 1)
	assert.Contains(t, r.errors[0], "Format panicked on a fully populated output: nope")
}

func TestNilFormatHoldsByConstruction(t *testing.T) {
	r := check[item](t, nil)
	assert.Empty(t, r.errors)
	require.Len(t, r.logs, 1)
	assert.Contains(t, r.logs[0], "no Format")
}

func TestVariantBudget(t *testing.T) {
	r := check(t, func(o ticket) []mcp.Content {
		return text(fmt.Sprintf("%s [%s] urgent=%t", o.Title, o.Status, o.Urgent))
	}, mcptooltest.WithMaxVariants(2))
	assert.Empty(t, r.errors)
	require.NotEmpty(t, r.logs)
	assert.Contains(t, r.logs[0], "not checked: urgent")
}

type node struct {
	Name     string `json:"name"`
	Children []node `json:"children"`
	Parent   *node  `json:"parent,omitempty"`
}

func TestRecursiveTypesTerminate(t *testing.T) {
	r := check(t, func(o node) []mcp.Content {
		var names []string
		var walk func(n node)
		walk = func(n node) {
			names = append(names, n.Name)
			for _, c := range n.Children {
				walk(c)
			}
		}
		walk(o)
		if o.Parent != nil {
			names = append(names, o.Parent.Name)
		}
		return text(strings.Join(names, " "))
	})
	assert.Empty(t, r.errors)
}

func TestRealTestingT(t *testing.T) {
	// The checks accept *testing.T directly.
	mcptooltest.CheckFormatParity(t, tool(func(o item) []mcp.Content { return text(o.ID + " " + o.IDType) }))
}
