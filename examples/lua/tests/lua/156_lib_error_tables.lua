-- error objects that are tables
local MyErr = {}
MyErr.__index = MyErr
MyErr.__tostring = function(e) return "MyErr(" .. e.code .. "): " .. e.msg end
local function fail(code, msg) error(setmetatable({code = code, msg = msg}, MyErr)) end
local ok, e = pcall(fail, 404, "not found")
print(ok, type(e), e.code, e.msg, getmetatable(e) == MyErr)
print(tostring(e))
local function try(f, ...)
  local res = table.pack(pcall(f, ...))
  if res[1] then return "ok", table.unpack(res, 2, res.n) end
  local err = res[2]
  if type(err) == "table" and getmetatable(err) == MyErr then return "myerr", err.code end
  return "other", type(err)
end
print(try(function() return 1, 2 end))
print(try(fail, 500, "server"))
print(try(function() error("string error") end))
print(try(function() error({plain = true}) end))
local ok2, e2 = pcall(function()
  local ok3, e3 = pcall(fail, 1, "inner")
  e3.code = e3.code + 100
  error(e3)
end)
print(ok2, e2.code, e2.msg)
