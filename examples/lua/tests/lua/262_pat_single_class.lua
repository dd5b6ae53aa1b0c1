-- Patterns that are one character class: find, match, gmatch and gsub of a
-- single class, bracket, escape, literal or '.', on empty and long subjects,
-- with replacement strings, tables and functions, anchored and not
local esc = {['"'] = '\\"', ['\\'] = '\\\\', ['\n'] = '\\n', ['\t'] = '\\t'}
local function quote(s)
  return '"' .. s:gsub('[%c"\\]', function(c) return esc[c] or string.format("\\u%04x", c:byte()) end) .. '"'
end
print(quote('plain'), quote('a"b\\c\nd\te\1f'), quote(''))
print(("hello world"):gsub("o", "0"))
print(("hello world"):gsub("%s", "_"))
print(("abc"):gsub(".", {a = "A", c = true and "C"}))
print((""):gsub(".", "x"), (""):find("."), (""):match("%a"))
print(("x1y22z333"):gsub("%d", "#", 4))
print(("x1y22z333"):find("%d"), ("x1y22z333"):find("%d", 4), ("x1y22z333"):find("[yz]", -4))
print(("123abc"):find("^%d"), ("abc123"):find("^%d"), ("abc"):match("^."))
local n = 0
for c in ("a,b;;c"):gmatch("[,;]") do n = n + 1 end
print(n)
local parts = {}
for w in ("one two  three"):gmatch("%S") do parts[#parts + 1] = w end
print(#parts, table.concat(parts))
print(("aaa"):gsub("a", "%0%0"), ("a.b.c"):gsub("%.", "/"))
print(pcall(string.gsub, "abc", "[a", "x"))
local big = string.rep('ab"c\\', 2000)
local q = quote(big)
print(#q, q:sub(1, 12), select(2, big:gsub('"', '')))
local total = 0
for i = 1, 300 do
  local s = string.rep("x", i % 7) .. '"' .. string.rep("y", i % 5) .. "\\"
  local out, k = s:gsub('[%c"\\]', "")
  total = total + #out + k + (s:find('[\\"]') or 0)
end
print(total)
