package text

import (
	"errors"
	"fmt"
	"io"
	"os"

	"example.com/text/lib"
)

func method(err error) string { return err.Error() }

func printed(err error) string { return fmt.Sprintf("x: %v", err) }

func written(w io.Writer, err error) { fmt.Fprintln(w, err) }

func nilTested(err error) string {
	if err == nil {
		return ""
	}
	return method(err)
}

func viaOtherPackage(err error) string { return lib.Show(err) }

func returned(err error) error { return err }

func wrapped(err error) error { return fmt.Errorf("x: %w", err) }

func classified(err error) bool { return errors.Is(err, os.ErrNotExist) }

func keptElsewhere(err error) error { return lib.Keep(err) }

func stored(err error) []error { return []error{err} }

func calls() {
	err := errors.New("x")
	_ = method(fmt.Errorf("a: %v", err)) // want "text only"
	_ = returned(fmt.Errorf("b: %v", err))
	e := fmt.Errorf("c: %v", err) // want "text only"
	_ = printed(e)
	_ = viaOtherPackage(e)
	f := fmt.Errorf("d: %v", err)
	_ = method(f)
	_ = classified(f)
	written(os.Stdout, fmt.Errorf("e: %v", err)) // want "text only"
	_ = nilTested(fmt.Errorf("f: %v", err))      // want "text only"
	_ = lib.Show(fmt.Errorf("g: %v", err))       // want "text only"
	_ = wrapped(fmt.Errorf("h: %v", err))
	_ = keptElsewhere(fmt.Errorf("i: %v", err))
	_ = stored(fmt.Errorf("j: %v", err))
	_ = fmt.Sprint(fmt.Errorf("k: %v", err)) // want "text only"
	_ = fmt.Errorf("l: %w", fmt.Errorf("m: %v", err))
	_ = fmt.Errorf("n: %v", err)
	_ = lib.Shown(fmt.Errorf("o: %v", err))           // want "text only"
	_ = lib.Printer{}.Print(fmt.Errorf("p: %v", err)) // want "text only"
	_ = bound(fmt.Errorf("q: %v", err))               // want "text only"
	_ = byFactory(fmt.Errorf("r: %v", err))           // want "text only"
	_ = fmt.Errorf("s: %v", err).Error()              // want "text only"
	if e := fmt.Errorf("t: %v", err); e != nil {      // want "text only"
		_ = e.Error()
	}
}

type shower struct{}

func (shower) show(err error) string { return err.Error() }

var bound = shower{}.show

func newShow() func(error) string { return func(err error) string { return fmt.Sprint(err) } }

var byFactory = newShow()
