-- Searches whose pattern starts with a single character class skip the
-- characters that class does not match: every byte, every kind of class.

local all = {}
for c = 0, 255 do all[#all + 1] = string.char(c) end
local bytes = table.concat(all)

local patterns = {
  "[%a_]", "[^%s]", "[%]]", "[]]", "[^]]", "[a-]", "[-a]", "[z-a]", "[a-c%d]",
  "%W", "%S", "%C", "%P", "%X", "%U%l", ".", "[%c\"\\]", "[^ \t\r\n]", "%%",
  "[%-]", "[a%-z]", "[%^x]", "[x^]", "[%w_]+", "x", "%.", "[%z]", "%Z",
  "(%d)(%d)", "()[%l]", "[\128-\255]", "[^\0-\127]", "[%g]", "%G",
}

for _, p in ipairs(patterns) do
  local found, init = {}, 1
  while true do
    local s, e = string.find(bytes, p, init)
    if not s then break end
    found[#found + 1] = s .. "-" .. e
    init = e + 1
    if #found > 300 then break end
  end
  local n = select(2, string.gsub(bytes, p, "%0"))
  print(p:gsub("%c", "?"), #found, table.concat(found, ",", 1, math.min(#found, 12)), n)
end

-- Subjects where the class never matches, matches at the end, or at once.
print(string.find("abcdef", "[%d]"), string.find("abc1", "[%d]"), string.find("1abc", "[%d]"))
print(string.find("", "[%a]"), string.find("x", "[^x]"), string.find("xy", "[^x]"))
print(string.gsub("a,b;;c", "[,;]", "|"))
print(string.match("  key = value", "[%a_][%w_]*"))
