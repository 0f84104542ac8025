from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as DjangoUserAdmin

from classroom.models import Classroom, Student, User


@admin.register(User)
class UserAdmin(DjangoUserAdmin):
    list_display = ("username", "name", "email", "role", "is_staff", "is_active")
    list_filter = ("role", "is_staff", "is_active")
    search_fields = ("username", "name", "email")
    fieldsets = (*(DjangoUserAdmin.fieldsets or ()), ("Multiplayground", {"fields": ("role", "name")}))


class StudentInline(admin.TabularInline):
    model = Student
    fields = ("display_name", "first_name", "last_name", "card_issued_at", "locked_until")
    readonly_fields = ("card_issued_at",)
    extra = 0
    show_change_link = True


@admin.register(Classroom)
class ClassroomAdmin(admin.ModelAdmin):
    list_display = ("name", "join_code", "teacher", "sign_in_mode", "archived_at", "created_at")
    list_filter = ("sign_in_mode",)
    search_fields = ("name", "join_code", "teacher__email")
    inlines = [StudentInline]


@admin.register(Student)
class StudentAdmin(admin.ModelAdmin):
    list_display = ("display_name", "classroom", "card_issued_at", "locked_until")
    search_fields = ("display_name", "first_name", "last_name", "classroom__name")
    exclude = ("picture_secret_hash", "password_hash", "card_token_hash")
