-- rawget, rawset, rawequal, rawlen
local t = setmetatable({}, {
  __index = function(_, k) return "default:" .. tostring(k) end,
  __newindex = function(tt, k, v) rawset(tt, k, v * 2) end,
  __len = function() return 99 end,
  __eq = function() return true end,
})
print(t.x, rawget(t, "x"))
t.y = 5
print(t.y, rawget(t, "y"))
rawset(t, "z", 5)
print(t.z)
print(#t, rawlen(t))
local u = setmetatable({}, getmetatable(t))
print(t == u, rawequal(t, u), rawequal(t, t))
print(rawequal(1, 1.0), rawequal("a", "a"), rawequal({}, {}))
print(rawlen({1, 2, 3}), rawlen("hello"))
print(pcall(rawlen, 5) == false)
print(rawget({10, 20}, 2), rawget({}, 1))
local r = rawset({}, 1, "v")
print(r[1])
print(pcall(rawset, {}, nil, 1) == false)
