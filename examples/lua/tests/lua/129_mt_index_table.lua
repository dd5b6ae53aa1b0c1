-- __index as a table and chains of __index
local base = {a = 1, b = 2}
local mid = setmetatable({b = 20, c = 30}, {__index = base})
local top = setmetatable({c = 300}, {__index = mid})
print(top.a, top.b, top.c, top.d)
print(rawget(top, "a"), rawget(mid, "a"))
base.d = "late add"
print(top.d)
top.a = "own"
print(top.a, mid.a, base.a)
local defaults = setmetatable({}, {__index = {color = "red", size = 1}})
print(defaults.color, defaults.size)
defaults.color = "blue"
print(defaults.color, getmetatable(defaults).__index.color)
local arr = setmetatable({}, {__index = {10, 20, 30}})
print(arr[2], #arr)
local chain = {}
local cur = chain
for i = 1, 10 do
  local nxt = {["level" .. i] = i}
  setmetatable(cur, {__index = nxt})
  cur = nxt
end
print(chain.level1, chain.level10, chain.level11)
