-- _G and _ENV
print(_G == _ENV, _G._G == _G)
x = 1
print(_G.x, _ENV.x, rawget(_G, "x"))
_G["y"] = "via _G"
print(y)
local function withEnv()
  local _ENV = {print = print, z = "sandboxed"}
  print(z, x)
  w = "stored in custom env"
  return _ENV
end
local e = withEnv()
print(e.w, w)
local names = {}
for _, n in ipairs({"print", "type", "pairs", "string", "table", "math", "io", "os"}) do
  names[#names + 1] = n .. ":" .. type(_G[n])
end
print(table.concat(names, " "))
local saved = print
do
  local _ENV = setmetatable({}, {__index = _G})
  newglobal = 5
  saved(newglobal, _G.newglobal)
end
print(_VERSION)
