// Package envuse: how the code uses each environment read, one shape per function.
package envuse

import (
	"errors"
	"log"
	"os"
)

func fatal() string {
	v := os.Getenv("A") // want `A required`
	if v == "" {
		log.Fatal("A is not set")
	}
	return v
}

func defaulted() string {
	if v := os.Getenv("B"); v != "" { // want `B optional`
		return v
	}
	return "default"
}

func lookup() string {
	v, ok := os.LookupEnv("C") // want `C required`
	if !ok {
		os.Exit(1)
	}
	return v
}

func renamed() (string, error) {
	v := os.Getenv("NEW") // want `NEW required`
	if v == "" {
		v = os.Getenv("OLD") // want `OLD required fallback for NEW`
	}
	if v == "" {
		return "", errors.New("NEW is not set")
	}
	return v, nil
}

func either() {
	a, b := os.Getenv("D1"), os.Getenv("D2") // want `D1 optional` `D2 optional`
	if a == "" || b == "" {
		log.Fatal("D1 and D2 are needed")
	}
}

func both() {
	a, b := os.Getenv("E1"), os.Getenv("E2") // want `E1 optional` `E2 optional`
	if a == "" && b == "" {
		log.Fatal("E1 or E2 is needed")
	}
}

func rejoins() string {
	v := os.Getenv("F") // want `F optional`
	if v == "" {
		log.Print("F is not set, using the default")
		v = "default"
	}
	return v
}

// The empty side fails only in strict mode, then carries on with a default.
func sometimes(strict bool) (string, error) {
	v := os.Getenv("G") // want `G optional`
	if v == "" {
		if strict {
			return "", errors.New("G is not set")
		}
		v = "default"
	}
	return v, nil
}

// What follows the test when the value is empty is the failure: there is no else.
func noElse() (string, error) {
	v := os.Getenv("H") // want `H required`
	if v != "" {
		return v, nil
	}
	return "", errors.New("H is not set")
}

func captured() func() error {
	token := os.Getenv("I") // want `I required`
	return func() error {
		if token == "" {
			return errors.New("I is not set")
		}
		return nil
	}
}

func length() {
	if v := os.Getenv("J"); len(v) == 0 { // want `J required`
		panic("J is not set")
	}
}

var region string

func load() { region = os.Getenv("K") } // want `K required`

func check() error {
	if region == "" {
		return errors.New("K is not set")
	}
	return nil
}

// Read, never tested: neither.
func untested() string { return os.Getenv("L") }

// A test that returns a nil error on the empty side does not fail.
func nilError() (string, error) {
	v := os.Getenv("M") // want `M optional`
	if v == "" {
		return "", nil
	}
	return v, nil
}
