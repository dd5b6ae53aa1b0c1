-- long __index chains and __index on functions returning tables
local base = {level = 0, hello = function(self) return "hello from " .. self.name end}
local cur = base
for i = 1, 50 do
  cur = setmetatable({level = i}, {__index = cur})
end
cur.name = "top"
print(cur.level, cur:hello(), rawget(cur, "hello"))
local function lookupCount(t, k)
  local n = 0
  while t do
    n = n + 1
    if rawget(t, k) ~= nil then return n end
    local mt = getmetatable(t)
    t = mt and mt.__index
  end
  return n
end
print(lookupCount(cur, "hello"), lookupCount(cur, "name"))
local lazy = setmetatable({}, {__index = function(t, k)
  local sub = setmetatable({}, {__index = function(_, k2) return k .. "." .. k2 end})
  rawset(t, k, sub)
  return sub
end})
print(lazy.a.b, lazy.x.y, rawget(lazy, "a") ~= nil)
