package lib

func Show(err error) string { return "failed: " + err.Error() }

func Keep(err error) error { return err }
