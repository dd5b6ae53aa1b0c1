-- uncaught error raised with error("msg")
local function validate(x)
  if x < 0 then
    error("negative value: " .. x)
  end
  return x
end
print(validate(5))
print(validate(-3))
print("never printed")
