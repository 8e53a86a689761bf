// Package baseline lets a team gate CI on new findings only, in two ways golangci-lint users
// know and one they can commit:
//
//   - changed lines (-new-from-rev REV, -new-from-patch FILE): a finding is kept only when its
//     line was added or changed since REV, as golangci-lint's new-from-rev and new-from-patch
//     do (github.com/golangci/revgrep): `git diff REV` of the working tree, plus untracked
//     files, which are new in full;
//   - a baseline file (-baseline-write FILE, -baseline FILE): the findings a team accepted,
//     keyed on rule, file and a hash of the finding's source line, so that edits elsewhere in
//     the file (which move it) do not bring it back, and an edit of the line itself does.
package baseline

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/mcplint-go/mcplint/internal/driver/result"
)

// Changes are the lines a diff adds or changes, by absolute file path. A file mapped to nil
// is new in full (untracked).
type Changes map[string]map[int]bool

// Keep reports whether a finding lies on a changed line. A finding without a position (a
// package that could not be loaded, say) cannot be placed, so it is kept: dropping it could
// hide a broken build.
func (c Changes) Keep(f result.Finding) bool {
	if !f.Pos.IsValid() {
		return true
	}
	lines, ok := c[f.Pos.File]
	if !ok {
		return false
	}
	return lines == nil || lines[f.Pos.Line]
}

// Filter returns the findings Keep keeps.
func (c Changes) Filter(fs []result.Finding) []result.Finding {
	var out []result.Finding
	for _, f := range fs {
		if c.Keep(f) {
			out = append(out, f)
		}
	}
	return out
}

// ParsePatch reads a unified diff (git diff, diff -u) and returns the lines it adds, by path
// joined to dir: the paths in the patch are relative to the directory mcplint runs in, as
// golangci-lint's -new-from-patch expects. The "b/" prefix git writes is dropped.
func ParsePatch(r io.Reader, dir string) (Changes, error) {
	changes := Changes{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 16*1024*1024)
	var (
		file             map[int]bool
		line             int
		oldLeft, newLeft int // lines of the current hunk still to read
		n                int
	)
	for sc.Scan() {
		n++
		text := sc.Text()
		if oldLeft > 0 || newLeft > 0 {
			switch {
			case strings.HasPrefix(text, "+"):
				if file != nil {
					file[line] = true
				}
				line++
				newLeft--
			case strings.HasPrefix(text, "-"):
				oldLeft--
			case strings.HasPrefix(text, " "), text == "":
				line++
				oldLeft--
				newLeft--
			case strings.HasPrefix(text, `\`): // "\ No newline at end of file"
			default:
				return nil, fmt.Errorf("line %d: hunk ends early: %q", n, text)
			}
			continue
		}
		switch {
		case strings.HasPrefix(text, "+++ "):
			name := diffPath(strings.TrimPrefix(text, "+++ "))
			if name == "" {
				file = nil // deleted: nothing of it is left to report on
				continue
			}
			path := filepath.Join(dir, filepath.FromSlash(name))
			if changes[path] == nil {
				changes[path] = map[int]bool{}
			}
			file = changes[path]
		case strings.HasPrefix(text, "@@ "):
			var err error
			if line, oldLeft, newLeft, err = hunkHeader(text); err != nil {
				return nil, fmt.Errorf("line %d: %v", n, err)
			}
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	return changes, nil
}

// diffPath is the path of a "+++ " line: unquoted, without git's b/ prefix or a diff -u
// timestamp; "" for /dev/null.
func diffPath(s string) string {
	if strings.HasPrefix(s, `"`) {
		if u, err := strconv.Unquote(s); err == nil {
			s = u
		}
	} else if i := strings.IndexByte(s, '\t'); i >= 0 {
		s = s[:i]
	}
	if s == "/dev/null" {
		return ""
	}
	return strings.TrimPrefix(s, "b/")
}

// hunkHeader parses "@@ -l,s +l,s @@": the first new line and the old and new line counts.
func hunkHeader(s string) (start, oldCount, newCount int, err error) {
	fields := strings.Fields(s)
	if len(fields) < 3 || !strings.HasPrefix(fields[1], "-") || !strings.HasPrefix(fields[2], "+") {
		return 0, 0, 0, fmt.Errorf("malformed hunk header %q", s)
	}
	_, oldCount, err = rangeOf(fields[1][1:])
	if err != nil {
		return 0, 0, 0, fmt.Errorf("malformed hunk header %q: %v", s, err)
	}
	start, newCount, err = rangeOf(fields[2][1:])
	if err != nil {
		return 0, 0, 0, fmt.Errorf("malformed hunk header %q: %v", s, err)
	}
	return start, oldCount, newCount, nil
}

func rangeOf(s string) (start, count int, err error) {
	a, b, hasCount := strings.Cut(s, ",")
	if start, err = strconv.Atoi(a); err != nil || start < 0 {
		return 0, 0, fmt.Errorf("bad line number %q", a)
	}
	count = 1
	if hasCount {
		if count, err = strconv.Atoi(b); err != nil || count < 0 {
			return 0, 0, fmt.Errorf("bad line count %q", b)
		}
	}
	return start, count, nil
}

// FromRev is what golangci-lint's new-from-rev compares with: the working tree against rev
// (committed and uncommitted changes alike), with files git does not track counted as new in
// full. git runs in dir, and only files under dir count, as with golangci-lint.
func FromRev(ctx context.Context, dir, rev string) (Changes, error) {
	// Fixed prefixes, whatever diff.noprefix or diff.mnemonicPrefix say; no colour, no
	// external diff driver.
	diff, err := git(ctx, dir, "diff", "--color=never", "--no-ext-diff", "--src-prefix=a/", "--dst-prefix=b/", "--relative", rev, "--")
	if err != nil {
		return nil, err
	}
	changes, err := ParsePatch(bytes.NewReader(diff), dir)
	if err != nil {
		return nil, fmt.Errorf("reading git diff %s: %v", rev, err)
	}
	untracked, err := git(ctx, dir, "ls-files", "-z", "--others", "--exclude-standard")
	if err != nil {
		return nil, err
	}
	for _, name := range strings.Split(string(untracked), "\x00") {
		if name != "" && !strings.HasSuffix(name, "/") {
			changes[filepath.Join(dir, filepath.FromSlash(name))] = nil
		}
	}
	return changes, nil
}

func git(ctx context.Context, dir string, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, "git", args...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return out, nil
}
