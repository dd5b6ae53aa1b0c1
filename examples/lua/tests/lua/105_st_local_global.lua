-- locals, globals, shadowing, do blocks
x = "global x"
local x = "local x"
print(x, _G.x)
do
  local x = "inner x"
  print(x)
  do
    local x = x .. " (shadowed again)"
    print(x)
  end
  print(x)
end
print(x)
local y = 1
local y = y + 1
print(y)
g1 = 10
print(g1, _G.g1, _G["g1"])
_G.g2 = 20
print(g2)
g1 = nil
print(g1, rawget(_G, "g1"))
print(undefinedGlobal)
local function f() return z end
z = "set later"
print(f())
local a, b, c = 1
print(a, b, c)
local t = {}
do local t = 5; print(t) end
print(type(t))
print(type(_G), _G._G == _G)
