-- __concat metamethod
local S = {}
S.__concat = function(a, b)
  local av = type(a) == "table" and a.s or tostring(a)
  local bv = type(b) == "table" and b.s or tostring(b)
  return setmetatable({s = av .. bv}, S)
end
local function str(s) return setmetatable({s = s}, S) end
local r = str("a") .. str("b")
print(r.s)
print((str("x") .. "y").s, ("y" .. str("x")).s, (1 .. str("n")).s)
print((str("1") .. str("2") .. str("3")).s)
local order = {}
local L = setmetatable({}, {__concat = function(a, b)
  order[#order + 1] = (type(a) == "table" and "T" or a) .. "+" .. (type(b) == "table" and "T" or b)
  return "r"
end})
local v = "a" .. "b" .. L
print(v, table.concat(order, " "))
order = {}
v = L .. "x" .. "y"
print(v, table.concat(order, " "))
print(pcall(function() return {} .. "x" end) == false)
local num = setmetatable({}, {__concat = function(a, b) return 42 end})
print(num .. num, math.type(num .. "z"))
