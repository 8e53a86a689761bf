package driver

import (
	"bytes"
	"crypto/sha256"
	"debug/elf"
	"fmt"
	"io"
	"os"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/mcplint-go/mcplint/analyzers"
)

// IsVetInvocation reports whether the arguments (os.Args[1:]) are go vet speaking the
// unitchecker protocol to a -vettool: "-V=full" (describe the executable for vet's cache),
// "-flags" (list the flags vet may pass), or flags followed by one "*.cfg" file describing
// a compilation unit. mcplint's own command line never looks like that.
func IsVetInvocation(args []string) bool {
	if len(args) == 0 {
		return false
	}
	if args[0] == "-V=full" || args[0] == "--V=full" || args[0] == "-flags" || args[0] == "--flags" {
		return true
	}
	last := args[len(args)-1]
	if !strings.HasSuffix(last, ".cfg") {
		return false
	}
	for _, a := range args[:len(args)-1] {
		if !strings.HasPrefix(a, "-") {
			return false
		}
	}
	return true
}

// Vet serves go vet. For -V=full it prints an ID that changes when mcplint's executable or
// the .mcplint.yaml of the working directory changes, so that vet's cache of analysis facts
// is invalidated by a configuration change too. Otherwise it hands over to
// unitchecker.Main with the analyzers of the configuration found from the working directory
// (go vet runs the tool in each package's directory), info notes left out unless the
// configuration shows them (go vet fails on every finding it is given: since Go 1.26 it asks
// the tool for JSON and decides the exit status itself, so a note cannot be shown without
// failing the run); unitchecker.Main exits the process.
//
// The returned status is used only when Vet does not hand over.
func Vet(args []string, stdout, stderr io.Writer, build func(*analyzers.Config) ([]*analysis.Analyzer, error)) int {
	cfg, path, err := loadConfig(".", "")
	if len(args) == 1 && (args[0] == "-V=full" || args[0] == "--V=full") {
		id, idErr := vetToolID(path)
		if idErr != nil {
			fmt.Fprintf(stderr, "mcplint: %v\n", idErr)
			return ExitError
		}
		fmt.Fprintf(stdout, "mcplint version devel %s buildID=%s\n", Version(), id)
		return ExitOK
	}
	if len(args) == 1 && (args[0] == "-flags" || args[0] == "--flags") {
		// go vet asks only which flags it may pass. Answer for every implemented rule, so
		// that a broken configuration is reported by the analysis runs, where go vet shows
		// the tool's messages, rather than here, where it hides them.
		cfg, err = analyzers.NewConfig(), nil
		cfg.Enable = []string{"all"}
	}
	if err == nil {
		err = cfg.Validate(analyzers.NewCatalog())
	}
	if err != nil {
		fmt.Fprintf(stderr, "mcplint: %v\n", err)
		return ExitError
	}
	as, err := build(cfg)
	if err != nil {
		fmt.Fprintf(stderr, "mcplint: cannot build the analyzers for this configuration: %v\n", err)
		return ExitError
	}
	unitchecker.Main(analyzers.WithoutNotes(as, cfg)...) // parses os.Args itself and exits
	return ExitOK
}

// vetToolID hashes the executable and the configuration file (if any).
func vetToolID(configPath string) (string, error) {
	exe, err := os.Executable()
	if err != nil {
		return "", fmt.Errorf("cannot locate the mcplint executable for go vet: %w", err)
	}
	h := sha256.New()
	if id, err := goBuildID(exe); err != nil {
		return "", fmt.Errorf("cannot read %s for go vet's tool ID: %w", exe, err)
	} else if id != "" {
		fmt.Fprintf(h, "go build ID %s\n", id)
	} else if err := hashFile(h, exe); err != nil {
		return "", fmt.Errorf("cannot read %s for go vet's tool ID: %w", exe, err)
	}
	if configPath != "" {
		if err := hashFile(h, configPath); err != nil {
			return "", fmt.Errorf("cannot read %s for go vet's tool ID: %w", configPath, err)
		}
	}
	return fmt.Sprintf("%x", h.Sum(nil)), nil
}

// goBuildID reads the build ID the Go linker writes into every executable (the go command
// keys its own tools' cache entries on it): an ELF note on Linux, a marked string at the
// start of the text elsewhere. It changes whenever the executable's content does, and
// reading it costs a few KB instead of the whole executable: go vet asks for the tool ID on
// every run. "" means the executable has none (built with -buildid=).
func goBuildID(exe string) (string, error) {
	if f, err := elf.Open(exe); err == nil {
		defer f.Close()
		sec := f.Section(".note.go.buildid")
		if sec == nil {
			return "", nil
		}
		data, err := sec.Data()
		if err != nil {
			return "", err
		}
		// A note is namesz, descsz, type (4 bytes each), the name padded to 4, the desc.
		if len(data) < 16 {
			return "", nil
		}
		namesz, descsz := f.ByteOrder.Uint32(data), f.ByteOrder.Uint32(data[4:])
		start := 12 + (uint64(namesz)+3)&^3
		if start+uint64(descsz) > uint64(len(data)) {
			return "", nil
		}
		return string(data[start : start+uint64(descsz)]), nil
	}
	const (
		prefix = "\xff Go build ID: \""
		suffix = "\"\n \xff"
	)
	f, err := os.Open(exe)
	if err != nil {
		return "", err
	}
	defer f.Close()
	buf := make([]byte, 32*1024)
	n, err := io.ReadFull(f, buf)
	if err != nil && err != io.ErrUnexpectedEOF {
		return "", err
	}
	data := buf[:n]
	i := bytes.Index(data, []byte(prefix))
	if i < 0 {
		return "", nil
	}
	data = data[i+len(prefix):]
	j := bytes.Index(data, []byte(suffix))
	if j <= 0 {
		return "", nil
	}
	return string(data[:j]), nil
}

// hashFile writes the file's name, size and contents to h. It streams: go vet asks for the
// ID on every run, and reading a whole executable into memory first costs several times the
// hashing.
func hashFile(h io.Writer, path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return err
	}
	fmt.Fprintf(h, "%s %d\n", path, st.Size())
	_, err = io.Copy(h, f)
	return err
}
