-- break and goto
for i = 1, 10 do
  if i > 3 then break end
  io.write(i, " ")
end
print()
for i = 1, 6 do
  if i % 2 == 0 then goto continue end
  io.write(i, " ")
  ::continue::
end
print()
local found
for i = 1, 5 do
  for j = 1, 5 do
    if i * j == 12 then found = i .. "x" .. j; goto done end
  end
end
::done::
print(found)
local n = 0
::top::
n = n + 1
if n < 5 then goto top end
print(n)
local i = 1
while true do
  if i > 100 then break end
  i = i * 2
end
print(i)
for _, w in ipairs({"a", "skip", "b", "skip", "c"}) do
  if w == "skip" then goto next end
  io.write(w)
  ::next::
end
print()
do
  goto skip
  print("not printed")
  ::skip::
end
print("after skip")
