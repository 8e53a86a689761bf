package held

type checker struct{}

func (*checker) check(s string) bool { return s != "" }

func plain(s string) bool { return s == "x" }

func newCheck() func(string) bool {
	return func(s string) bool { return len(s) > 2 }
}

func newPlain() func(string) bool { return plain }

var (
	byMethod  = (&checker{}).check
	byFactory = newCheck()
	byFunc    = plain
	byChain   = newPlain()
	twice     = plain
	addressed = plain
)

// reset may change what addressed holds: its address escapes.
func reset(p *func(string) bool) { *p = newCheck() }

func init() {
	twice = newCheck()
	reset(&addressed) // want `runs reset`
}

func calls(f func(string) bool) {
	_ = byMethod("a")  // want `runs check\$bound through byMethod`
	_ = byFactory("a") // want `runs newCheck\$1 through byFactory`
	_ = byFunc("a")    // want `runs plain through byFunc`
	_ = byChain("a")   // want `runs plain through byChain`
	_ = plain("a")     // want `runs plain`
	_ = twice("a")
	_ = addressed("a")
	_ = f("a")
}
