-- more escape sequence corner cases
print("\1\12\123" == string.char(1, 12, 123))
print(#"\1234", ("\1234"):byte(1, -1))
print("a\z       b\z
   c")
print("\x00\xff" == string.char(0, 255), #"\x00\xff")
print("\u{0}" == "\0", "\u{41}\u{42}", #"\u{800}", #"\u{FFFF}", #"\u{10000}")
print(("\u{E9}"):byte(1, -1))
print("tab[\t] cr-free")
print('mix "double" in single', "mix 'single' in double")
print("\\x41 is not an escape here", "\\u{41}")
print(#"\z", #"x\z
")
local ok, err = load('return "\\q"')
print(ok, err ~= nil)
print(load('return "\\300"') == nil, load('return "\\xZZ"') == nil)
print(load('return "\\u{110000}"') ~= nil, load('return "\\u{80000000}"') == nil)
