-- uncaught error: indexing a nil value
local data = {user = {name = "ann", address = nil}}
print(data.user.name)
local function getZip(d)
  local addr = d.user.address
  return addr.zip
end
print("looking up zip")
print(getZip(data))
print("never printed")
