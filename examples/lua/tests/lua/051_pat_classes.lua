-- character classes and their complements
local sample = "aZ 09_!\t\n.~"
local classes = {"%a", "%A", "%d", "%D", "%l", "%L", "%s", "%S", "%u", "%U",
                 "%w", "%W", "%x", "%X", "%p", "%P", "%c", "%C"}
for _, cls in ipairs(classes) do
  local out = sample:gsub(cls, "#")
  print(cls, (out:gsub("\t", "T"):gsub("\n", "N")))
end
print(("0x1F zz"):match("%x+", 3), ("hello"):match("%u"))
print(("a.b,c;d!"):gsub("%p", ""))
print(select(2, ("\1\2abc\127"):gsub("%c", "")))
