-- do ... end blocks limit scope
local x = 1
do
  local x = 2
  do
    local x = 3
    print("innermost", x)
  end
  print("middle", x)
end
print("outer", x)
local f
do
  local hidden = "secret"
  f = function() return hidden end
end
print(f(), hidden)
do
  local a, b = 1, 2
  a, b = b, a
  print(a, b)
end
print(a, b)
local results = {}
for i = 1, 3 do
  do
    local sq = i * i
    results[#results + 1] = sq
  end
end
print(table.concat(results, ","))
do return print("early return from main chunk inside do") end
