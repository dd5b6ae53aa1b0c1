-- goto in nested loops and continue idioms
local out = {}
for i = 1, 4 do
  for j = 1, 4 do
    if j > i then goto next_i end
    if (i + j) % 2 == 1 then goto next_j end
    out[#out + 1] = i .. j
    ::next_j::
  end
  ::next_i::
end
print(table.concat(out, " "))
local i = 0
while i < 10 do
  i = i + 1
  if i % 3 ~= 0 then goto cont end
  io.write(i, " ")
  ::cont::
end
print()
local k = 0
repeat
  k = k + 1
  if k == 2 then goto skip end
  io.write("k", k, " ")
  ::skip::
until k >= 4
print()
-- a label at the end of a block may be the target even with locals before it
do
  local a = 1
  if a == 1 then goto finish end
  local b = 2
  print("unreachable", b)
  ::finish::
end
print("finished")
local f, e = load("goto nolabel")
print(f == nil, type(e))
local g, e2 = load("do goto l1 local x = 1 ::l1:: print(x) end")
print(g == nil)
