module example.com/jsonv2

go 1.26.0

require github.com/mcplint-go/mcplint v0.0.0

replace github.com/mcplint-go/mcplint => ../../../..
