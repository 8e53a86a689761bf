package client

import (
	"net/http"
	"os"
)

type HTTP struct{}

func (HTTP) Get(url string) error { // want "leaves"
	_, err := http.Get(url)
	return err
}

func (h HTTP) Twice(url string) error { // want "leaves"
	return h.Get(url) // want "leaves"
}

func (HTTP) Local(s string) error { return nil }

func ReadConfig() ([]byte, error) { // want "leaves"
	return os.ReadFile("config.json")
}

func viaLiteral() error { // want "leaves"
	f := func() error { _, err := os.Stat("x"); return err }
	return f()
}
