-- match/find with init positions (positive, negative, out of range)
local s = "one two three two one"
print(s:match("two", 1), s:find("two", 6), s:find("two", 10))
print(s:find("one", -3), s:find("one", -100), s:find("one", 100))
print(s:match("%a+", 5), s:match("%a+", -3), s:match("%a+", 0))
print(s:match("^two", 5), s:match("^two", 4))
print(("aaa"):find("a", 4), ("aaa"):find("", 4), ("aaa"):find("", 5))
print(("hello"):match(".", -1), ("hello"):match("()", 6))
local pos, words = 1, {}
while true do
  local s1, e1, w = s:find("(%a+)", pos)
  if not s1 then break end
  words[#words + 1] = w .. "@" .. s1
  pos = e1 + 1
end
print(table.concat(words, " "))
