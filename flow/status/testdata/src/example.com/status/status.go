package status

import (
	"errors"
	"net/http"
)

var errStatus = errors.New("status")

func notOK() error {
	resp, err := http.Get("https://example.com")
	if err != nil {
		return err
	}
	if resp.StatusCode != http.StatusOK {
		return errStatus // want `status: Get`
	}
	return nil
}

func okFirst() error {
	resp, err := http.Get("https://example.com")
	if err != nil {
		return err
	}
	if resp.StatusCode == 200 {
		return nil
	}
	return errStatus // want `status: Get`
}

func mirrored() error {
	resp, err := http.Get("https://example.com")
	if err != nil {
		return err
	}
	if 500 <= resp.StatusCode {
		return errStatus // want `status: Get`
	}
	if resp.StatusCode < 300 {
		return nil
	}
	return errStatus // want `status: Get`
}

func either() error {
	resp, err := http.Get("https://example.com")
	if err != nil {
		return err
	}
	if resp.StatusCode < 200 || resp.StatusCode >= 300 {
		return errStatus // want `status: Get`
	}
	return nil
}

type own struct{ StatusCode int }

// Near misses: a status field of a value not made by a call, and a return both sides of a
// status check reach.
func nearMisses(n int) error {
	o := own{StatusCode: n}
	if o.StatusCode != 200 {
		return errStatus
	}
	resp, err := http.Get("https://example.com")
	if err != nil {
		return err
	}
	if resp.StatusCode >= 400 {
		println("failed")
	}
	return errStatus
}

func captured() error {
	resp, err := http.Get("https://example.com")
	defer func() {
		if resp != nil {
			resp.Body.Close()
		}
	}()
	if err != nil {
		return err
	}
	if resp.StatusCode != http.StatusOK {
		return errStatus // want `status: Get`
	}
	return nil
}

// Near miss: a captured response assigned twice is not one call's.
func capturedTwice(again bool) error {
	resp, err := http.Get("https://example.com")
	if again {
		resp, err = http.Head("https://example.com")
	}
	defer func() { _ = resp }()
	if err != nil {
		return err
	}
	if resp.StatusCode != http.StatusOK {
		return errStatus
	}
	return nil
}
