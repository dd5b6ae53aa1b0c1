-- string.format's conversions written straight into its result (padding,
-- precision, flags, %s of values with __tostring, %c, %q), print of each
-- kind of value, and gsub's replacement strings with %0..%9, position
-- captures and their errors, in a loop hot enough to be traced.
local f = string.format
print(f("[%5d][%-5d][%05d][%+d][% d][%.3d][%5.3d][%d]", 42, 42, -42, 5, 5, 7, 7, math.mininteger))
print(f("[%5s][%-5s][%.2s][%5.1s][%s][%s][%s]", "ab", "ab", "abc", "xyz", 1.5, nil, true))
print(f("[%c][%3c][%-3c]", 65, 66, 67))
print(f("[%x][%#x][%08X][%#o][%5x]", 255, 255, 255, 8, 17))
print(f("[%5.2f][%-8.3f][%08.2f][%+.1e][%g][%#g][%010.3f]", 3.14159, 2.5, -1.5, 12345.678, 0.1, 1.0, -3.5))
print(f("%q|%q|%q|%q", "a\n\"b\0c", 42, false, nil))
local t = setmetatable({}, {__tostring = function() return "OBJ" end})
local u = setmetatable({}, {__tostring = function() return 12 end})
print(f("[%s][%6s][%-6s][%.2s][%s]", t, t, t, t, u), t, u)
print(pcall(f, "%s", setmetatable({}, {__tostring = function() return {} end})))
print(pcall(print, setmetatable({}, {__tostring = function() return true end})))
print(f("%5s|%-5s|", "toolongvalue", "x"))
print(pcall(f, "%d", 1.5))
print(pcall(f, "%q", {}))
print(pcall(f, "%y", 1))
print(pcall(f, "%d"))
print(1, nil, true, 2.5, "s", -0.0)
print(("hello world"):gsub("(o)", "[%1%0%%]"))
print(("hello world"):gsub("o", "[%1%0]"))
print(("hello world"):gsub("()o()", "%1-%2"))
print(pcall(string.gsub, "hello", "(l)", "%2"))
print(pcall(string.gsub, "hello", "l", "%2"))
print(pcall(string.gsub, "hello", "l", "%x"))
print(pcall(string.gsub, "hello", "(l", "%1"))
print(("abc"):gsub("", "-%0-"))
print(("abc"):gsub("b", 12), ("abc"):gsub("b", 1.5))
print(("abc"):gsub("%w", "%%"))
print(("a.b"):sub(2, 2), ("abc"):sub(-2), ("abc"):sub(5), ("abc"):sub(0))
print(("x=1, y=22"):gsub("(%w+)=(%w+)", "%2=%1"))
print(string.find("abc", "(b)()"), string.match("abc", "()(b)"))
local acc = 0
for i = 1, 300 do
  local s = f("%d:%s:%5.2f;%-4s|%3d", i, "n" .. i, i / 8, i % 7, -i)
  local g = s:gsub("(%d+):(%a+)", "%2=%1"):gsub("()%.", "<%1>")
  acc = acc + #s + #g
  if i % 100 == 0 then print(s, g) end
end
print(acc)
