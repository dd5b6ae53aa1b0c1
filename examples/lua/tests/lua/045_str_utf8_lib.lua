-- the utf8 library basics
local s = "h\u{E9}llo \u{4E16}\u{754C}"
print(#s, utf8.len(s))
print(utf8.char(72, 233, 8364, 128512) == "H\u{E9}\u{20AC}\u{1F600}")
local cps = {}
for p, c in utf8.codes(s) do cps[#cps + 1] = p .. ":" .. c end
print(table.concat(cps, " "))
print(utf8.codepoint(s, 1, 3))
print(utf8.offset(s, 3), utf8.offset(s, -1))
print(utf8.len("\xff"), utf8.len(""))
local n = 0
for ch in s:gmatch(utf8.charpattern) do n = n + 1 end
print(n)
print(utf8.char(), utf8.char(65))
