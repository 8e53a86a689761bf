package dead

import "errors"

func fetch() (string, error) { return "", errors.New("x") }

func twice() error {
	_, err := fetch()
	if err != nil {
		return err
	}
	if err != nil {
		return errors.New("again") // want "dead"
	}
	return nil
}

func negated(ok bool) error {
	if !ok {
		return nil
	}
	if ok {
		return nil
	}
	return errors.New("unreachable") // want "dead"
}

func nested(name string) error {
	_, err := fetch()
	if err == nil {
		if name == "" && err != nil {
			return errors.New("dead") // want "dead"
		}
		return nil
	}
	return err
}

// Near misses: another error, a reassigned one, a loop's next value.
func reassigned() error {
	_, err := fetch()
	if err != nil {
		return err
	}
	_, err = fetch()
	if err != nil {
		return errors.New("live")
	}
	return nil
}

func loop(n int) error {
	var err error
	for i := 0; i < n; i++ {
		if err != nil {
			return errors.New("live")
		}
		_, err = fetch()
	}
	return err
}
