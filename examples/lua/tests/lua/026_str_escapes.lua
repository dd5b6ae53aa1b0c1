-- string escape sequences
print("tab:\t|", "nl:[\n]")
print("backslash: \\ quote: \" apos: \'")
print('single \'quoted\' "double"')
print("\65\66\67", "\x41\x42\x43", "\u{48}\u{49}")
print("\0651", #"\0651", "\x7a\x7A")
print(#"\0", #"a\0b", ("a\0b"):byte(2))
print("\u{20AC}", #"\u{20AC}", "\u{7FF}" == "\xDF\xBF")
print(#"\u{10FFFF}", #"\u{7FFFFFFF}")
print("a\z
       b", "c\z   d")
print("line1\
line2")
print("\a\b\f\v\r" == "\7\8\12\11\13")
print(("\r\n"):byte(1, -1))
print("\97lo\104", "\100\101")
local s = "x\ty"
print(#s, s:byte(2))
print("\"quoted\"", '\\n is not a newline')
print("\049\050\051" == "123")
