package conformance

import (
	"context"
	"errors"

	"github.com/mcplint-go/mcplint/mcperr"
	"github.com/mcplint-go/mcplint/mcptool"

	"fixtures/contractrules/shared"
)

// Large's handler has more than 200 blocks, so its returns are followed without the engine's
// paths: the branches that decide whether a return runs still tell that NotFound, tested with
// errors.Is and failed with the declared reason, does not leave through err.
var Large = mcptool.Tool[shared.In, shared.Out]{
	Name: "large",
	Errors: []mcptool.ErrorContract{
		{Reason: "bad_id", Code: mcperr.CodeInvalidParams, When: "The ID is empty.", Recovery: shared.Recovery},
	},
	Handler: func(ctx context.Context, call *mcptool.Call, in shared.In) (shared.Out, error) {
		switch in.Reason {
		case "r0":
			return shared.Out{Value: "0"}, nil
		case "r1":
			return shared.Out{Value: "1"}, nil
		case "r2":
			return shared.Out{Value: "2"}, nil
		case "r3":
			return shared.Out{Value: "3"}, nil
		case "r4":
			return shared.Out{Value: "4"}, nil
		case "r5":
			return shared.Out{Value: "5"}, nil
		case "r6":
			return shared.Out{Value: "6"}, nil
		case "r7":
			return shared.Out{Value: "7"}, nil
		case "r8":
			return shared.Out{Value: "8"}, nil
		case "r9":
			return shared.Out{Value: "9"}, nil
		case "r10":
			return shared.Out{Value: "10"}, nil
		case "r11":
			return shared.Out{Value: "11"}, nil
		case "r12":
			return shared.Out{Value: "12"}, nil
		case "r13":
			return shared.Out{Value: "13"}, nil
		case "r14":
			return shared.Out{Value: "14"}, nil
		case "r15":
			return shared.Out{Value: "15"}, nil
		case "r16":
			return shared.Out{Value: "16"}, nil
		case "r17":
			return shared.Out{Value: "17"}, nil
		case "r18":
			return shared.Out{Value: "18"}, nil
		case "r19":
			return shared.Out{Value: "19"}, nil
		case "r20":
			return shared.Out{Value: "20"}, nil
		case "r21":
			return shared.Out{Value: "21"}, nil
		case "r22":
			return shared.Out{Value: "22"}, nil
		case "r23":
			return shared.Out{Value: "23"}, nil
		case "r24":
			return shared.Out{Value: "24"}, nil
		case "r25":
			return shared.Out{Value: "25"}, nil
		case "r26":
			return shared.Out{Value: "26"}, nil
		case "r27":
			return shared.Out{Value: "27"}, nil
		case "r28":
			return shared.Out{Value: "28"}, nil
		case "r29":
			return shared.Out{Value: "29"}, nil
		case "r30":
			return shared.Out{Value: "30"}, nil
		case "r31":
			return shared.Out{Value: "31"}, nil
		case "r32":
			return shared.Out{Value: "32"}, nil
		case "r33":
			return shared.Out{Value: "33"}, nil
		case "r34":
			return shared.Out{Value: "34"}, nil
		case "r35":
			return shared.Out{Value: "35"}, nil
		case "r36":
			return shared.Out{Value: "36"}, nil
		case "r37":
			return shared.Out{Value: "37"}, nil
		case "r38":
			return shared.Out{Value: "38"}, nil
		case "r39":
			return shared.Out{Value: "39"}, nil
		case "r40":
			return shared.Out{Value: "40"}, nil
		case "r41":
			return shared.Out{Value: "41"}, nil
		case "r42":
			return shared.Out{Value: "42"}, nil
		case "r43":
			return shared.Out{Value: "43"}, nil
		case "r44":
			return shared.Out{Value: "44"}, nil
		case "r45":
			return shared.Out{Value: "45"}, nil
		case "r46":
			return shared.Out{Value: "46"}, nil
		case "r47":
			return shared.Out{Value: "47"}, nil
		case "r48":
			return shared.Out{Value: "48"}, nil
		case "r49":
			return shared.Out{Value: "49"}, nil
		case "r50":
			return shared.Out{Value: "50"}, nil
		case "r51":
			return shared.Out{Value: "51"}, nil
		case "r52":
			return shared.Out{Value: "52"}, nil
		case "r53":
			return shared.Out{Value: "53"}, nil
		case "r54":
			return shared.Out{Value: "54"}, nil
		case "r55":
			return shared.Out{Value: "55"}, nil
		case "r56":
			return shared.Out{Value: "56"}, nil
		case "r57":
			return shared.Out{Value: "57"}, nil
		case "r58":
			return shared.Out{Value: "58"}, nil
		case "r59":
			return shared.Out{Value: "59"}, nil
		case "r60":
			return shared.Out{Value: "60"}, nil
		case "r61":
			return shared.Out{Value: "61"}, nil
		case "r62":
			return shared.Out{Value: "62"}, nil
		case "r63":
			return shared.Out{Value: "63"}, nil
		case "r64":
			return shared.Out{Value: "64"}, nil
		case "r65":
			return shared.Out{Value: "65"}, nil
		case "r66":
			return shared.Out{Value: "66"}, nil
		case "r67":
			return shared.Out{Value: "67"}, nil
		case "r68":
			return shared.Out{Value: "68"}, nil
		case "r69":
			return shared.Out{Value: "69"}, nil
		case "r70":
			return shared.Out{Value: "70"}, nil
		case "r71":
			return shared.Out{Value: "71"}, nil
		case "r72":
			return shared.Out{Value: "72"}, nil
		case "r73":
			return shared.Out{Value: "73"}, nil
		case "r74":
			return shared.Out{Value: "74"}, nil
		case "r75":
			return shared.Out{Value: "75"}, nil
		case "r76":
			return shared.Out{Value: "76"}, nil
		case "r77":
			return shared.Out{Value: "77"}, nil
		case "r78":
			return shared.Out{Value: "78"}, nil
		case "r79":
			return shared.Out{Value: "79"}, nil
		case "r80":
			return shared.Out{Value: "80"}, nil
		case "r81":
			return shared.Out{Value: "81"}, nil
		case "r82":
			return shared.Out{Value: "82"}, nil
		case "r83":
			return shared.Out{Value: "83"}, nil
		case "r84":
			return shared.Out{Value: "84"}, nil
		case "r85":
			return shared.Out{Value: "85"}, nil
		case "r86":
			return shared.Out{Value: "86"}, nil
		case "r87":
			return shared.Out{Value: "87"}, nil
		case "r88":
			return shared.Out{Value: "88"}, nil
		case "r89":
			return shared.Out{Value: "89"}, nil
		case "r90":
			return shared.Out{Value: "90"}, nil
		case "r91":
			return shared.Out{Value: "91"}, nil
		case "r92":
			return shared.Out{Value: "92"}, nil
		case "r93":
			return shared.Out{Value: "93"}, nil
		case "r94":
			return shared.Out{Value: "94"}, nil
		case "r95":
			return shared.Out{Value: "95"}, nil
		case "r96":
			return shared.Out{Value: "96"}, nil
		case "r97":
			return shared.Out{Value: "97"}, nil
		case "r98":
			return shared.Out{Value: "98"}, nil
		case "r99":
			return shared.Out{Value: "99"}, nil
		case "r100":
			return shared.Out{Value: "100"}, nil
		case "r101":
			return shared.Out{Value: "101"}, nil
		case "r102":
			return shared.Out{Value: "102"}, nil
		case "r103":
			return shared.Out{Value: "103"}, nil
		case "r104":
			return shared.Out{Value: "104"}, nil
		case "r105":
			return shared.Out{Value: "105"}, nil
		case "r106":
			return shared.Out{Value: "106"}, nil
		case "r107":
			return shared.Out{Value: "107"}, nil
		case "r108":
			return shared.Out{Value: "108"}, nil
		case "r109":
			return shared.Out{Value: "109"}, nil
		case "r110":
			return shared.Out{Value: "110"}, nil
		case "r111":
			return shared.Out{Value: "111"}, nil
		case "r112":
			return shared.Out{Value: "112"}, nil
		case "r113":
			return shared.Out{Value: "113"}, nil
		case "r114":
			return shared.Out{Value: "114"}, nil
		case "r115":
			return shared.Out{Value: "115"}, nil
		case "r116":
			return shared.Out{Value: "116"}, nil
		case "r117":
			return shared.Out{Value: "117"}, nil
		case "r118":
			return shared.Out{Value: "118"}, nil
		case "r119":
			return shared.Out{Value: "119"}, nil
		}
		if in.ID == "raw" {
			_, err := defaultService.Lookup(in.ID) // want `NotFound enters the handler here through service\.\(\*Service\)\.Lookup`
			return shared.Out{}, err
		}
		v, err := defaultService.Lookup(in.ID)
		if errors.Is(err, mcperr.CodeNotFound) {
			return shared.Out{}, call.Fail("bad_id", "no item "+in.ID, mcperr.WithCause(err))
		}
		if err != nil {
			return shared.Out{}, err
		}
		return shared.Out{Value: v}, nil
	},
}
