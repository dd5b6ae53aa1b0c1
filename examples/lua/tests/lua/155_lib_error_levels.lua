-- error levels: which line is blamed
local function strip(msg) return (msg:gsub("^.-([^/]+:%d+:)", "%1")) end
local function lvl1() error("level1", 1) end
local function lvl2() error("level2", 2) end
local function callsLvl2()
  lvl2() -- this line (6) is blamed
end
local ok, e = pcall(lvl1)
print(ok, strip(e))
ok, e = pcall(callsLvl2)
print(ok, strip(e))
local function check(x)
  if type(x) ~= "number" then error("expected number, got " .. type(x), 2) end
  return x
end
local function user()
  local r = check("str") -- this line (17) is blamed
  return r
end
ok, e = pcall(user)
print(ok, strip(e))
ok, e = pcall(function() error("lvl0", 0) end)
print(ok, e)
ok, e = pcall(function() error(setmetatable({}, {__tostring = function() return "obj" end})) end)
print(ok, tostring(e))
