-- string.find's first result alone (a call's single result, as in
-- `(find(...))` or `local i = find(...)`): plain and pattern searches,
-- anchors, init positions before, inside and past the subject, empty
-- patterns, and a malformed pattern's error.
local find = string.find
local s = "  hello, world: 42 [x] \"q\""

local function show(...)
  local t = table.pack(...)
  for i = 1, t.n do t[i] = tostring(t[i]) end
  print(table.concat(t, " "))
end

show((find(s, "world")), (find(s, "o")), (find(s, "zzz")), (find(s, "")))
show((find(s, "[^ \t\r\n]")), (find(s, "%d+")), (find(s, '["\\]')), (find(s, "%[x%]")))
show((find(s, "^  h")), (find(s, "^h")), (find(s, "h", 4)), (find(s, "o", -5)))
show((find(s, "o", 100)), (find(s, "", #s + 1)), (find(s, "", #s + 2)), (find(s, "l", -100)))
show((find(s, "o", 0)), (find(s, "%a+", 9)), (find(s, "q\"$")), (find("", "")))
for i = 1, 30 do
  local j = find(s, "[%a%d]", i)
  io.write(tostring(j), " ")
end
print()
local ok, err = pcall(function() local i = find(s, "[a") return i end)
print(ok, err)
ok, err = pcall(function() local i = find(s, "%") return i end)
print(ok, err)
