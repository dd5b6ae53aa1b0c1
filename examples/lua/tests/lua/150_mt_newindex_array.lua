-- typed array proxy with __index/__newindex/__len
local function typedArray(kind)
  local data, n = {}, 0
  return setmetatable({}, {
    __index = function(_, i) return data[i] end,
    __newindex = function(_, i, v)
      if math.type(i) ~= "integer" or i < 1 or i > n + 1 then error("bad index " .. tostring(i), 2) end
      if type(v) ~= kind then error("expected " .. kind .. ", got " .. type(v), 2) end
      data[i] = v
      if i == n + 1 then n = n + 1 end
    end,
    __len = function() return n end,
  })
end
local a = typedArray("number")
for i = 1, 5 do a[i] = i * 1.5 end
print(#a, a[1], a[5], a[6])
local function try(f)
  local ok, e = pcall(f)
  return ok, e and (tostring(e):gsub("^.-:%d+: ", ""))
end
print(try(function() a[10] = 1 end))
print(try(function() a[2] = "str" end))
print(try(function() a[1.5] = 1 end))
a[3] = 100
print(a[3], #a)
local s = typedArray("string")
s[1] = "x"
s[#s + 1] = "y"
print(#s, s[1] .. s[2])
