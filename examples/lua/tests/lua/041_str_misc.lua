-- assorted string operations
local s = "Programming in Lua"
print(s:len(), s:upper(), s:find("in"))
print(s:find("in", 10), s:sub(-3))
print(s:rep(2, " / "))
print(("%s!"):rep(2):format("a", "b"))
local parts = {}
for i = #s, 1, -3 do parts[#parts + 1] = s:sub(i, i) end
print(table.concat(parts))
print(("abc"):upper():byte(1, -1))
print(("   x"):len(), ("x   "):find(" "), ("x"):find(""))
print(("hello"):find("l"), ("hello"):find("xyz"))
print(string.format("%q", s))
local function capitalize(w) return w:sub(1, 1):upper() .. w:sub(2):lower() end
print(capitalize("hELLO"), capitalize("w"), capitalize(""))
local cnt = select(2, s:gsub("n", "n"))
print("n count", cnt)
print(("a"):byte() + ("b"):byte(), string.char(("a"):byte() + 1))
print(tostring(12):rep(3), (12 .. ""):reverse())
