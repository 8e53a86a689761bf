package lib

func Show(err error) string { return "failed: " + err.Error() }

func Keep(err error) error { return err }

// Shown holds Show for the whole run.
var Shown = Show

// Printer prints errors.
type Printer struct{}

// Print shows an error's text.
func (Printer) Print(err error) string { return err.Error() }
