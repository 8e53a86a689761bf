package driver

import (
	"crypto/sha256"
	"fmt"
	"io"
	"os"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/mcplint/mcplint/analyzers"
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
// (go vet runs the tool in each package's directory); unitchecker.Main exits the process.
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
	unitchecker.Main(as...) // parses os.Args itself and exits
	return ExitOK
}

// vetToolID hashes the executable and the configuration file (if any).
func vetToolID(configPath string) (string, error) {
	exe, err := os.Executable()
	if err != nil {
		return "", fmt.Errorf("cannot locate the mcplint executable for go vet: %w", err)
	}
	h := sha256.New()
	for _, p := range []string{exe, configPath} {
		if p == "" {
			continue
		}
		if err := hashFile(h, p); err != nil {
			return "", fmt.Errorf("cannot read %s for go vet's tool ID: %w", p, err)
		}
	}
	return fmt.Sprintf("%x", h.Sum(nil)), nil
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
