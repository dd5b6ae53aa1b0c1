-- return statements
local function early(x)
  if x < 0 then return "negative" end
  do return "non-negative" end
end
print(early(-1), early(1))
local function nothing() return end
print(nothing(), select("#", nothing()))
local function multi() return 1, 2, 3; end
print(multi())
local function noReturn() local a = 1 end
print(noReturn(), select("#", noReturn()))
local function cond(b)
  if b then return 1, 2 else return end
end
print(select("#", cond(true)), select("#", cond(false)))
local function inLoop()
  for i = 1, 10 do
    if i == 4 then return i * 10 end
  end
  return -1
end
print(inLoop())
local function nested()
  local function inner() return "inner" end
  return inner(), "outer"
end
print(nested())
local chunk = load("return 1 + 1")
print(chunk())
local chunk2 = load("local a = ... ; return a * 2")
print(chunk2(21))
local bad = load("return 1 print(2)")
print(bad)
